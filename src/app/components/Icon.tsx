import type { SVGProps } from 'react';

/**
 * A line icon (24×24, stroke = currentColor), decorative. `d` is path data from ./icons:
 * `import * as icons from './icons'` then `<Icon d={icons.back} />` (tree-shaken per chunk).
 */
export function Icon({ d, size = 24, ...rest }: { d: string; size?: number } & Omit<SVGProps<SVGSVGElement>, 'd'>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
