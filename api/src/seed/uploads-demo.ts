import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { textPdf } from '../uploads/reading/sample-files';

const HOUR = 3_600_000;
const spanishDate = (at: Date) => at.toISOString().slice(0, 10).split('-').reverse().join('/');
const decimal = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');
const thousands = (value: number) => Math.round(value).toLocaleString('de-DE');

interface BatchRow {
  id: number;
  number: string;
  supplier: string;
  sent_at: Date;
  confirmed_at: Date | null;
}
interface BatchDie {
  die_id: number;
  label: string;
  hardness_hv: number | null;
  case_depth_mm: number | null;
}

/** A nitriding certificate as the plant's nitriders print it (the lines the agent reads). */
function certificateLines(batch: BatchRow, number: string, dies: BatchDie[], out: Date): string[] {
  return [
    `${batch.supplier} S.L.`,
    'Pol. Ind. de Silvota, parcela 22  -  Llanera (Asturias)',
    'CERTIFICADO DE NITRURADO',
    `Nº certificado: ${number}    Fecha: ${spanishDate(out)}`,
    'Cliente: Extrusiones del Norte S.A.',
    `Fecha entrada: ${spanishDate(batch.sent_at)}    Fecha salida: ${spanishDate(out)}`,
    'Proceso: Nitrurado gaseoso    Temperatura: 510 °C    Duración: 10 h',
    'Matriz\tDureza sup. (HV)\tCapa (mm)\tNúcleo (HRC)',
    ...dies.map(
      (die, index) =>
        `${die.label}\t${thousands(die.hardness_hv ?? 900 + ((index * 37) % 140))} HV\t${decimal(die.case_depth_mm ?? 0.11 + (index % 4) / 100, 2)}\t${46 - (index % 3)}`,
    ),
    'Observaciones: Sin incidencias. Matrices limpias y desengrasadas.',
    'Responsable de calidad: J. Fernández',
  ];
}

async function storeFile(manager: EntityManager, companyId: number, data: Buffer, at: Date): Promise<number> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const [row]: { id: number }[] = await manager.query(
    `insert into stored_file (company_id, sha256, content_type, size_bytes, data, created_at) values ($1, $2, 'application/pdf', $3, $4, $5)
     on conflict (company_id, sha256) do update set size_bytes = excluded.size_bytes returning id`,
    [companyId, sha256, data.length, data, at],
  );
  return row.id;
}

/**
 * The upload agent's part of the plant's story (issue 15), only while the plant has no uploads:
 * this morning the nitrider's certificate for the dies of the batch still away, and the die
 * maker's delivery note for two new copies of its busiest reference, wait in the queue (the agent
 * reads them when the portal starts; the technician reviews and confirms them).
 */
export async function seedUploadsDemo(manager: EntityManager, companyId: number, technicianEmail: string): Promise<void> {
  const [{ count }] = await manager.query(`select count(*)::int as count from document_upload where company_id = $1`, [companyId]);
  if (count > 0) return;
  const [technician]: { id: number }[] = await manager.query(`select id from app_user where email = $1`, [technicianEmail]);
  if (!technician) return;
  const batches: BatchRow[] = await manager.query(
    `select id, number, supplier, sent_at, confirmed_at from nitriding_batch where company_id = $1 order by sent_at desc`,
    [companyId],
  );
  const diesOf = (batchId: number): Promise<BatchDie[]> =>
    manager.query(
      `select n.die_id, d.die_reference || '-' || d.copy_number as label, n.hardness_hv::float8, n.case_depth_mm::float8
         from die_nitriding n join die d on d.id = n.die_id where n.batch_id = $1 order by d.die_reference, d.copy_number`,
      [batchId],
    );
  const now = new Date();

  // Waiting to be read: the certificate of the dies still at the nitrider, and a delivery note.
  // The batch that left first (a batch is never back before it was sent).
  const away = batches.filter((batch) => !batch.confirmed_at && batch.sent_at.getTime() < now.getTime() - 4 * HOUR).at(-1);
  const waiting: { name: string; bytes: Buffer; at: Date }[] = [];
  if (away) {
    const dies = (await diesOf(away.id)).map((die) => ({ ...die, hardness_hv: null, case_depth_mm: null }));
    const number = `CN-${now.getUTCFullYear()}-${480 + away.id}`;
    waiting.push({
      name: `certificado-${number}.pdf`,
      bytes: await textPdf(certificateLines(away, number, dies, now)),
      at: new Date(now.getTime() - HOUR / 2),
    });
  }
  const [profile]: { code: string; reference: string; copies: number }[] = await manager.query(
    `select p.code, d.die_reference as reference, max(d.copy_number)::int as copies from die d join profile p on p.id = d.profile_id
      where d.company_id = $1 group by p.code, d.die_reference order by count(*) desc, d.die_reference limit 1`,
    [companyId],
  );
  if (profile) {
    waiting.push({
      name: 'albaran-ML-2291.pdf',
      at: new Date(now.getTime() - HOUR / 4),
      bytes: await textPdf([
        'Matrices Levante S.L.',
        'C/ Forja 8  -  46980 Paterna (Valencia)',
        'ALBARÁN DE ENTREGA',
        `Albarán Nº: ML-2291    Fecha: ${spanishDate(now)}`,
        'Cliente: Extrusiones del Norte S.A.    Pedido: PC-0412',
        'Matriz\tPerfil\tTipo\tØ x Espesor\tCav.\tPeso (kg)\tImporte (€)',
        `${profile.reference}-${profile.copies + 1}\t${profile.code}\tHueca\t250 x 80\t1\t38,5\t2.450,00`,
        `${profile.reference}-${profile.copies + 2}\t${profile.code}\tHueca\t250 x 80\t1\t38,5\t2.450,00`,
        'Total matrices: 2',
        'Recibido conforme: ________    Firma y sello',
      ]),
    });
  }
  for (const document of waiting) {
    const fileId = await storeFile(manager, companyId, document.bytes, document.at);
    await manager.query(
      `insert into document_upload (company_id, file_id, file_name, kind, status, uploaded_by, uploaded_at, search_text) values ($1, $2, $3::varchar, 'pdf', 'uploaded', $4, $5, $3::varchar)`,
      [companyId, fileId, document.name, technician.id, document.at],
    );
  }
}
