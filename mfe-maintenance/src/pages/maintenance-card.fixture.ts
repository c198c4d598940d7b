import type { MaintenanceCard } from '@planta/contracts';

/** A work order's card as the board answers it, for the board's tests: `extra` says what a test cares about. */
export const maintenanceCard = (id: number, status: MaintenanceCard['status'], extra: Partial<MaintenanceCard> = {}): MaintenanceCard => ({
  id,
  number: `OT-2026-${String(id).padStart(4, '0')}`,
  title: `Orden ${id}`,
  type: 'corrective',
  priority: 'medium',
  status,
  position: 0,
  version: id * 10,
  machine_id: 1,
  machine_name: 'Prensa 1',
  assignee_id: null,
  assignee_name: null,
  blocked: false,
  blocked_reason: '',
  due_at: null,
  overdue: false,
  items_done: 0,
  items_total: 0,
  labor_minutes: 0,
  comment_count: 0,
  ...extra,
});
