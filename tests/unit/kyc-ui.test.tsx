// @vitest-environment jsdom
/**
 * 本人確認 screens (issue 11 §2, §3): live kana conversion, translated refusals before anything is
 * sent, the status view with the reviewer's reason and the resubmit button; the photo size rule.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { KycForm } from '../../src/app/features/kyc/KycForm';
import { KycStatusView } from '../../src/app/features/kyc/KycStatusView';
import { fitWithin } from '../../src/app/features/uploads/upload-client';
import type { KycSubmission } from '../../src/shared/api/kyc';

afterEach(cleanup);

async function renderIn(lang: Lang, node: React.ReactNode) {
  await activateLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nProvider>,
  );
}

const FAILED: KycSubmission = {
  id: 'k1', status: 'failed', name: '山田 太郎', nameKana: 'ヤマダ\u3000タロウ', documentType: 'driver_licence',
  documentNumberMasked: '123456•••••2', frontUploadId: 'u1', backUploadId: 'u2', submittedAt: Date.parse('2026-11-25T01:00:00Z'),
  reviewedAt: Date.parse('2026-11-25T02:00:00Z'), reason: '書類の画像が不鮮明です',
};

describe('the KYC form', () => {
  it('turns hiragana into katakana as it is typed, and refuses Latin letters with a translated message', async () => {
    await renderIn('jp', <KycForm previous={null} onSubmitted={() => undefined} />);
    const kana = screen.getByLabelText('フリガナ（全角カタカナ）') as HTMLInputElement;
    fireEvent.change(kana, { target: { value: 'やまだ たろう' } });
    expect(kana.value).toBe('ヤマダ タロウ');
    fireEvent.change(kana, { target: { value: 'ヤマダ taro' } });
    fireEvent.click(screen.getByRole('button', { name: '提出する' }));
    expect(await screen.findByText('フリガナにアルファベットは使えません。カタカナで入力してください')).toBeTruthy();
    expect(screen.getByText('表面の画像をアップロードしてください')).toBeTruthy();
  });

  it('checks the number for the chosen document', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderIn('jp', <KycForm previous={null} onSubmitted={() => undefined} />);
    fireEvent.change(screen.getByLabelText('書類番号'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: '提出する' }));
    expect(await screen.findByText('書類番号の形式が正しくありません')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('the KYC status', () => {
  it('shows a failed review with its reason and a resubmit button', async () => {
    const onResubmit = vi.fn();
    await renderIn('jp', <KycStatusView status="failed" submission={FAILED} onResubmit={onResubmit} />);
    expect(screen.getByText('確認できませんでした')).toBeTruthy();
    expect(screen.getByTestId('kyc-reason').textContent).toContain('書類の画像が不鮮明です');
    expect(screen.getByText('123456•••••2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再提出する' }));
    expect(onResubmit).toHaveBeenCalled();
  });

  it('says under review without a resubmit button', async () => {
    await renderIn('jp', <KycStatusView status="under_review" submission={{ ...FAILED, status: 'under_review', reason: null, reviewedAt: null }} onResubmit={() => undefined} />);
    expect(screen.getByText('審査中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '再提出する' })).toBeNull();
  });
});

describe('photo compression size', () => {
  it('fits the longest side within 2560 px and never enlarges', () => {
    expect(fitWithin(8064, 6048)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
  });
});
