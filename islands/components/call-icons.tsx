/** The call screen's round controls' icons (stroke, 24px grid, hidden from screen readers: the buttons carry the names). */
import type { ReactNode } from "react";

function Svg({ children, size = 26 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

export const MicIcon = ({ off = false }: { off?: boolean }) => (
  <Svg>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
    {off ? <path d="m3 3 18 18" /> : null}
  </Svg>
);

export const CameraIcon = ({ off = false }: { off?: boolean }) => (
  <Svg>
    <path d="m22 8-6 4 6 4V8z" />
    <rect x="2" y="6" width="14" height="12" rx="2" />
    {off ? <path d="m2 2 20 20" /> : null}
  </Svg>
);


/** The handset, turned down for "end" and "decline". */
export const HandsetIcon = ({ down = false }: { down?: boolean }) => (
  <Svg>
    <g transform={down ? "rotate(135 12 12)" : undefined}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </g>
  </Svg>
);
