/*
 * Rise/fall colours (kept apart from the chart code so screens can import them without loading
 * the chart chunk).
 *
 * Our reading of Japanese practice — to be confirmed with the team, which is why these are props
 * and the app makes them a setting: the traditional Japanese candle is 陽線 white or red and 陰線
 * black or blue; Japanese brokers' and portals' colour charts and boards mostly show a rise in red
 * and a fall in blue or green, like the rest of East Asia (mainland China and Taiwan use
 * red/green), while the Western green-up/red-down appears mainly in apps with US roots. The
 * default is red up / blue down: it reads as Japanese, and red against blue stays distinguishable
 * for red–green colour-blind readers (about 5 % of Japanese men), which red against green does not.
 */
export const DEFAULT_UP_COLOR = '#d7263d';
export const DEFAULT_DOWN_COLOR = '#1f5fc4';
