import type { common as es } from '../es/common';
import type { BundleShape } from '../types';

export const common: BundleShape<typeof es> = {
  loading: 'Loading...',
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    delete: 'Delete',
    edit: 'Edit',
    new: 'New',
    add: 'Add',
    search: 'Search',
    exportExcel: 'Export to Excel',
    retry: 'Retry',
    back: 'Back',
    confirm: 'Confirm',
    accept: 'OK',
    clear: 'Clear',
    refresh: 'Refresh',
    view: 'View',
    send: 'Send',
  },
  words: {
    yes: 'Yes',
    no: 'No',
    actions: 'Actions',
    noData: 'No data',
    all: 'All',
    name: 'Name',
    description: 'Description',
    date: 'Date',
    status: 'Status',
  },
  table: {
    rowsPerPage: 'Rows per page',
    noData: 'No data',
    searchPlaceholder: 'Search...',
    range: '{{from}}–{{to}} of {{count}}',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    sortAscending: 'Sort ascending',
    sortDescending: 'Sort descending',
  },
  confirmDelete: {
    title: 'Delete record',
    message: 'Are you sure you want to delete this record? This cannot be undone.',
  },
  chipSelect: {
    noOptions: 'Describe the item',
  },
  upload: {
    choose: 'Choose file',
    dropHere: 'Drop a file here',
    maxSize: 'The maximum allowed size is {{n}}MB',
  },
  feedback: {
    saved: 'Changes saved',
    deleted: 'Record deleted',
  },
  errors: {
    forbidden: 'You do not have permission for this action',
    network: 'Could not reach the server. Check your connection and try again.',
    unexpected: 'Something unexpected went wrong. Please try again.',
    notFound: 'Not found',
  },
  landing: {
    soon: "This screen will be available soon; here you will see your company's data.",
  },
};
