import { Link } from 'react-router-dom';
import './logo.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#c2410c" />
      <path d="M7 23c3.5 0 4.5-6 8-6s3.5 4 6.5 4S25 12 25 9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="25" cy="9" r="2.5" fill="#fff" />
    </svg>
  );
}

/** The brand link home; its accessible name is the product name. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <Link to="/" className={`logo logo--${tone}`}>
      <LogoMark />
      <span className="logo__word">RaceFinder</span>
    </Link>
  );
}
