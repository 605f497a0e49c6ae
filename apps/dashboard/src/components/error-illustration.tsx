/** A broken chat bubble with a loose wire: the general error screen's picture. */
export function ErrorIllustration({ size = 200 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 150) / 200} viewBox="0 0 200 150" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="138" rx="70" ry="7" fill="#eef0f3" />
      <path
        d="M40 28h58l-8 22 10 14-12 26H40a12 12 0 0 1-12-12V40a12 12 0 0 1 12-12z"
        fill="var(--convo-primary-light)"
        stroke="var(--convo-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M110 28h50a12 12 0 0 1 12 12v38a12 12 0 0 1-12 12h-14l-16 16V90h-28l12-26-10-14z"
        fill="var(--convo-primary-light)"
        stroke="var(--convo-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
        transform="rotate(6 140 60)"
      />
      <g fill="var(--convo-primary)">
        <circle cx="52" cy="59" r="5" />
        <circle cx="70" cy="59" r="5" />
        <circle cx="142" cy="60" r="5" />
      </g>
      <path d="M100 104c-6 10 6 14 0 24" fill="none" stroke="#ED495c" strokeWidth="3" strokeLinecap="round" />
      <path d="M92 20l4 8M104 16l-1 9M114 22l-5 7" stroke="#ecbd44" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
