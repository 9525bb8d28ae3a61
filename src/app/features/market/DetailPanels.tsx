import { StockMessaging } from '../../components/messaging/StockMessaging';
import { YourPosition } from '../../components/trade/YourPosition';
import { DepthPanel } from './DepthPanel';
import { StockInfo } from './StockInfo';

/**
 * A stock's panels below the chart: your position, the 板 / 歩み値, the information tabs and the
 * messaging entry. Their own chunk, mounted by DetailScreen after the header and the chart are
 * painted: their code (with the position, messaging and company schemas) is evaluated and rendered
 * in tasks of its own instead of inside the detail's first render (Lighthouse TBT, issue 19;
 * docs/decisions/020-first-load-and-prerender.md, "Follow-up: the screens' long tasks").
 */
export default function DetailPanels({ code, priceScale, price }: { code: string; priceScale: number; price: number }) {
  return (
    <>
      <YourPosition code={code} />
      <DepthPanel code={code} />
      <StockInfo code={code} />
      <StockMessaging code={code} priceScale={priceScale} price={price} />
    </>
  );
}
