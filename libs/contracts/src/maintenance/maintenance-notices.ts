import type { FailureSeverity } from '../maintenance.schema';

const SEVERITY_WORDS: Record<FailureSeverity, string> = { low: 'baja', medium: 'media', high: 'alta', critical: 'crítica' };

/**
 * The Spanish texts of the maintenance notifications, written once for the API and the demo seed.
 * The blocked one says 'bloqueado' (spec 4: 'Limpiar' does not mark it read), agreeing with 'el trabajo'.
 */
export const maintenanceNotices = {
  failureReported: (report: { kind: 'failure' | 'damage'; number: string; where: string; severity: FailureSeverity }) =>
    `Nuevo reporte de ${report.kind === 'failure' ? 'falla' : 'daño'} ${report.number} en ${report.where} (gravedad ${SEVERITY_WORDS[report.severity]})`,
  taskBlocked: (order: { number: string; machine: string | null }, reason: string) =>
    `El trabajo de la orden ${order.number}${order.machine ? ` (${order.machine})` : ''} quedó bloqueado. Motivo: ${reason}`,
} as const;
