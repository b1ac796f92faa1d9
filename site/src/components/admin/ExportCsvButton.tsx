import { useStore } from '@nanostores/react';
import { $csvExports, csvExportState, exportCsv } from '../../stores/csv-export.ts';
import '../../styles/export-csv.css';

/**
 * An admin list's "Export CSV": a real link to the export (its address carries the list's current
 * filters) that downloads with the admin's token; "Exporting..." while it runs, and the failure
 * (e.g. too many rows, a lost connection) beside it until the next try.
 */
export function ExportCsvButton({ list, href, label = 'Export CSV' }: { list: string; href: string; label?: string }) {
  const state = csvExportState(useStore($csvExports), list);
  return (
    <span className="export-csv">
      <a
        className="btn btn-secondary btn-sm"
        href={href}
        download
        aria-disabled={state.pending || undefined}
        aria-busy={state.pending || undefined}
        onClick={(e) => {
          e.preventDefault();
          void exportCsv(list, href);
        }}
      >
        {state.pending ? 'Exporting...' : label}
      </a>
      {state.error && (
        <span className="export-csv-error" role="alert">
          {state.error}
        </span>
      )}
    </span>
  );
}
