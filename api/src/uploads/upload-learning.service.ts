import { Injectable } from '@nestjs/common';
import type { DocumentType, UploadValues } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';
import { supplierKey, type AgentContext, type LearnedSynonyms, type TrainingExample } from './document-agent';
import { learnSynonyms, type ExtractedDraft } from './extraction';
import type { DocumentText } from './document-text';

/** The confirmed documents the type classifier learns from (the newest; enough for a plant's paperwork). */
const TRAINING_DOCUMENTS = 300;

/**
 * What the agent has learnt of the company's paperwork, in its own tables (no model download):
 * the type of each confirmed document trains the classifier; the labels a reviewer's corrections
 * reveal become synonyms for that supplier's documents of that type.
 */
@Injectable()
export class UploadLearning {
  /** Examples, synonyms and the die catalogue for reading one document of the scope's company. */
  async context(scope: TenantScope): Promise<AgentContext> {
    const examples: TrainingExample[] = await scope.manager.query(
      `select doc_type as type, text from document_upload where company_id = $1 and status = 'confirmed' and text is not null
        order by confirmed_at desc limit ${TRAINING_DOCUMENTS}`,
      [scope.companyId],
    );
    const learnt: { supplier_key: string; doc_type: DocumentType; synonyms: Record<string, string[]> }[] = await scope.manager.query(
      `select supplier_key, doc_type, synonyms from document_learning where company_id = $1`,
      [scope.companyId],
    );
    const synonyms: LearnedSynonyms = {};
    for (const row of learnt) (synonyms[row.supplier_key] ??= {})[row.doc_type] = row.synonyms;
    const catalogue = await scope.manager.query(
      `select id, die_reference as reference, copy_number, state from die where company_id = $1 and state <> 'scrapped' order by id`,
      [scope.companyId],
    );
    return { examples, synonyms, catalogue };
  }

  /** After a confirmation: the labels of the values the reviewer corrected or filled, for this supplier and type. */
  async learn(scope: TenantScope, uploadId: number, values: UploadValues): Promise<void> {
    const [upload]: { text: DocumentText | null; draft: ExtractedDraft | null; supplier: string }[] = await scope.manager.query(
      `select text, draft, supplier from document_upload where id = $1`,
      [uploadId],
    );
    if (!upload?.text || !upload.draft) return;
    const key = supplierKey(values.fields.supplier ?? upload.supplier);
    const found = learnSynonyms(upload.text, upload.draft, values);
    await scope.manager.query(
      `insert into document_learning (company_id, supplier_key, doc_type, synonyms, documents) values ($1, $2, $3, $4, 1)
       on conflict (company_id, supplier_key, doc_type) do update
         set synonyms = (select coalesce(jsonb_object_agg(key, merged), '{}'::jsonb) from (
                           select key, jsonb_agg(distinct value) as merged
                             from (select key, jsonb_array_elements_text(value) as value from jsonb_each(document_learning.synonyms || '{}'::jsonb)
                                   union all select key, jsonb_array_elements_text(value) from jsonb_each(excluded.synonyms)) labels
                            group by key) merged_labels),
             documents = document_learning.documents + 1, updated_at = now()`,
      [scope.companyId, key, values.doc_type, JSON.stringify(found)],
    );
  }
}
