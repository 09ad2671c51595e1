import './spinner.css';

export function Spinner({ label = 'Loading', size = 20 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner for a page or section whose data is still loading. */
export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-block">
      <Spinner label={label} size={28} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}
