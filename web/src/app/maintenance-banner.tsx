/**
 * The maintenance banner: shown on every page while maintenance mode is on (GET /api/status). The shell loads
 * this module lazily, after its first render, so the public first load carries none of it.
 */
import { useSystemStatus } from '../lib/system-status.ts';
import './maintenance-banner.css';

export default function MaintenanceBanner() {
  const status = useSystemStatus();
  if (!status?.maintenanceMode) return null;
  return (
    <div className="maintenance-banner" role="status">
      <strong>Scheduled maintenance.</strong> You can browse races as usual, but saving changes is paused for now. Please try again later.
    </div>
  );
}
