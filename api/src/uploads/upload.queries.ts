/** An upload as its list shows it. */
export const UPLOAD_ROW_COLUMNS = `
  select u.id, u.file_name, u.kind, u.status, u.doc_type, u.supplier, u.dies, u.confidence::float8 as confidence, u.page_count,
         coalesce(uploader.display_name, '') as uploaded_by_name, to_json(u.uploaded_at) #>> '{}' as uploaded_at`;
export const UPLOAD_FROM = `from document_upload u left join app_user uploader on uploader.id = u.uploaded_by`;

export const UPLOAD_SORTS: Record<string, string> = {
  file_name: 'lower(u.file_name)',
  doc_type: 'u.doc_type',
  status: 'u.status',
  supplier: 'lower(u.supplier)',
  dies: 'u.dies',
  confidence: 'u.confidence',
  uploaded_by_name: 'lower(uploader.display_name)',
  uploaded_at: 'u.uploaded_at',
};

/** The columns of the detail beyond the row's. */
export const UPLOAD_DETAIL_COLUMNS = `${UPLOAD_ROW_COLUMNS},
         f.content_type, f.size_bytes, u.proposed_type, u.type_confidence::float8 as type_confidence, u.error, u.progress, u.processing_ms,
         u.pages, u.draft, u.candidates, u."values", coalesce(confirmer.display_name, discarder.display_name) as confirmed_by_name,
         to_json(coalesce(u.confirmed_at, u.discarded_at)) #>> '{}' as confirmed_at, u.discard_reason, u.uploaded_by, u.text`;
export const UPLOAD_DETAIL_FROM = `${UPLOAD_FROM}
  join stored_file f on f.id = u.file_id
  left join app_user confirmer on confirmer.id = u.confirmed_by
  left join app_user discarder on discarder.id = u.discarded_by`;
