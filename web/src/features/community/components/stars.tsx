/** A rating as five stars (filled and outlined), read as 'N out of 5 stars'. */
export function Stars({ value }: { value: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`${value} out of 5 stars`}>
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}
