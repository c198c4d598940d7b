import { z } from 'zod';

const quickPanelEntrySchema = z.object({ id: z.string(), title: z.string(), detail: z.string() });
/** `GET /api/quick-panel/data`: events and notes. */
export const quickPanelDataSchema = z.object({ events: z.array(quickPanelEntrySchema), notes: z.array(quickPanelEntrySchema) });
export type QuickPanelData = z.infer<typeof quickPanelDataSchema>;
