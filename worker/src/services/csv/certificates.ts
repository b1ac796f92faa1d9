import type { CourseActor } from '../../domain/courses.ts';
import type { Db } from '../../platform/db.ts';
import { certificatesAfter, countCertificates } from '../certificates.ts';
import { type CertificateSummary } from '../../../../shared/certificates.ts';
import type { Position } from '../keyset.ts';
import type { CsvExport } from './stream.ts';
import { csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's certificates list (GET /api/admin/certificates?q=) as CSV: the same search, every match, the list's order. */

const CERTIFICATE_COLUMNS: CsvColumn<CertificateSummary>[] = [
  { header: 'Code', value: (c) => c.code },
  { header: 'Issued at (UTC)', value: (c) => c.issued_at, kind: 'date' },
  { header: 'Issued via', value: (c) => c.issued_via },
  { header: 'Learner ID', value: (c) => c.learner.id, kind: 'number' },
  { header: 'Learner username', value: (c) => c.learner.username },
  { header: 'Learner name', value: (c) => c.learner.name },
  { header: 'Course ID', value: (c) => c.course.id, kind: 'number' },
  { header: 'Course', value: (c) => c.course.title },
  { header: 'Instructor', value: (c) => c.instructor?.name },
  { header: 'Revoked', value: (c) => c.revoked },
  { header: 'Revoked at (UTC)', value: (c) => c.revoked_at, kind: 'date' },
  { header: 'Revocation reason', value: (c) => c.revoked_reason },
  { header: 'Verification path', value: (c) => c.verify_url },
];

export const CERTIFICATES_CSV_HEADER = csvHeaders(CERTIFICATE_COLUMNS);

export function certificatesExport(db: Db, actor: CourseActor, q: string | undefined): CsvExport<CertificateSummary, Position> {
  return {
    columns: CERTIFICATE_COLUMNS,
    total: () => countCertificates(db, actor, q),
    page: (position, limit) => certificatesAfter(db, actor, q, position, limit),
    cursorOf: (c) => [c.issued_at, c.id],
  };
}
