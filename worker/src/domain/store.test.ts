import { describe, expect, it } from 'vitest';
import * as tables from '../../../db/schema/store.ts';
import {
  AGE_GROUPS,
  DANCE_STYLES,
  RESOURCE_LEVELS,
  RESOURCE_STATUSES,
  SELLER_ROLES,
  SELLER_STATUSES,
  canMove,
  contentDisposition,
  downloadSubject,
  downloadToken,
  fileTypeLabel,
  licenceLine,
  licenseeName,
  likePattern,
  moveRefusal,
  parseDownloadToken,
  ratingDistribution,
  roundedAverage,
  saleSplit,
  statusAfterEdit,
  submissionProblems,
  type ResourceStatusName,
} from './store.ts';

const ALL: ResourceStatusName[] = ['draft', 'submitted', 'published', 'rejected', 'archived'];

describe('the enumerations', () => {
  it('are the database schema’s', () => {
    expect(DANCE_STYLES).toEqual(tables.DANCE_STYLES);
    expect(AGE_GROUPS).toEqual(tables.AGE_GROUPS);
    expect(RESOURCE_LEVELS).toEqual(tables.RESOURCE_LEVELS);
    expect(RESOURCE_STATUSES).toEqual(tables.RESOURCE_STATUSES);
    expect(SELLER_ROLES).toEqual(tables.SELLER_ROLES);
    expect(SELLER_STATUSES).toEqual(tables.SELLER_STATUSES);
  });
});

describe('resource status moves', () => {
  it('draft → submitted → published | rejected; anything → archived; archived → draft', () => {
    expect(ALL.filter((s) => canMove(s, 'submit'))).toEqual(['draft', 'rejected']);
    expect(ALL.filter((s) => canMove(s, 'approve'))).toEqual(['submitted']);
    expect(ALL.filter((s) => canMove(s, 'reject'))).toEqual(['submitted']);
    expect(ALL.filter((s) => canMove(s, 'archive'))).toEqual(['draft', 'submitted', 'published', 'rejected']);
    expect(ALL.filter((s) => canMove(s, 'restore'))).toEqual(['archived']);
  });

  it('says why a move does not apply', () => {
    expect(moveRefusal('submitted', 'submit')).toBe('This resource is already waiting for review.');
    expect(moveRefusal('published', 'approve')).toBe('Only a resource waiting for review can be approved; this one is published.');
    expect(moveRefusal('draft', 'reject')).toBe('Only a resource waiting for review can be rejected; this one is draft.');
    expect(moveRefusal('archived', 'archive')).toBe('This resource is already archived.');
    expect(moveRefusal('draft', 'restore')).toBe('Only an archived resource can be restored.');
  });

  it('an edit returns a rejected resource to draft; a published one stays unless its files change', () => {
    expect(statusAfterEdit('rejected', false)).toBe('draft');
    expect(statusAfterEdit('rejected', true)).toBe('draft');
    expect(statusAfterEdit('published', false)).toBe('published');
    expect(statusAfterEdit('published', true)).toBe('submitted');
    for (const s of ['draft', 'submitted', 'archived'] as const) {
      expect(statusAfterEdit(s, false)).toBe(s);
      expect(statusAfterEdit(s, true)).toBe(s);
    }
  });

  it('a submission needs a title, a description and one to five files', () => {
    const ok = { title: 'Ballet barre plan', description: 'Twelve weeks of barre work for beginners.', fileCount: 1 };
    expect(submissionProblems(ok)).toEqual([]);
    expect(submissionProblems({ ...ok, fileCount: 5 })).toEqual([]);
    expect(submissionProblems({ ...ok, fileCount: 0 })).toEqual(['Add at least one file.']);
    expect(submissionProblems({ ...ok, fileCount: 6 })).toEqual(['A resource has at most 5 files.']);
    expect(submissionProblems({ title: ' a ', description: 'short', fileCount: 0 })).toHaveLength(3);
  });
});

describe('money', () => {
  it('splits a sale: fee = round(gross × percent / 100), net = gross − fee', () => {
    expect(saleSplit(1999, 20)).toEqual({ gross: 1999, fee: 400, net: 1599 });
    expect(saleSplit(1999, 15)).toEqual({ gross: 1999, fee: 300, net: 1699 });
    expect(saleSplit(1000, 0)).toEqual({ gross: 1000, fee: 0, net: 1000 });
    expect(saleSplit(250, 50)).toEqual({ gross: 250, fee: 125, net: 125 });
    expect(saleSplit(5, 10)).toEqual({ gross: 5, fee: 1, net: 4 });
  });
});

describe('files and downloads', () => {
  it('labels the accepted types', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Word');
    expect(fileTypeLabel('application/msword')).toBe('Word');
    expect(fileTypeLabel('application/vnd.ms-excel')).toBe('Excel');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toBe('PowerPoint');
    expect(fileTypeLabel('audio/mpeg')).toBe('Audio');
    expect(fileTypeLabel('video/mp4')).toBe('Video');
    expect(fileTypeLabel('image/png')).toBe('Image');
    expect(fileTypeLabel('text/csv; charset=utf-8')).toBe('CSV');
    expect(fileTypeLabel('text/plain')).toBe('Text');
    expect(fileTypeLabel('application/zip')).toBe('ZIP');
    expect(fileTypeLabel('application/vnd.rar')).toBe('RAR');
    expect(fileTypeLabel('application/octet-stream')).toBe('File');
  });

  it('names the file for the browser, with a plain fallback', () => {
    expect(contentDisposition("Tom's (1).pdf")).toBe(`attachment; filename="Tom's (1).pdf"; filename*=UTF-8''Tom%27s%20%281%29.pdf`);
    expect(contentDisposition('plan.pdf')).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(contentDisposition('Plan "été".pdf')).toBe(`attachment; filename="Plan __t__.pdf"; filename*=UTF-8''Plan%20%22%C3%A9t%C3%A9%22.pdf`);
  });

  it('a token carries the file, the user and the expiry, and nothing else parses', () => {
    const sig = 'A'.repeat(43);
    const token = downloadToken({ fileId: 12, userId: 34, exp: 1_800_000_000 }, sig);
    expect(token).toBe(`12.34.1800000000.${sig}`);
    expect(parseDownloadToken(token)).toEqual({ fileId: 12, userId: 34, exp: 1_800_000_000, signature: sig });
    for (const bad of ['', '12.34.1800000000', `0.34.1.${sig}`, `12.34.1.${sig}x`, `12.34.-1.${sig}`, `a.34.1.${sig}`, `12.34.1.${'A'.repeat(42)}+`]) {
      expect(parseDownloadToken(bad), bad).toBeNull();
    }
    expect(downloadSubject({ fileId: 12, userId: 34 })).toBe('resource-file:12:34');
  });

  it('stamps who the copy is for', () => {
    expect(licenceLine({ kind: 'purchase', name: 'Ada Lovelace', orderNumber: 'DRX-ABCDE-FGHJK' })).toBe('Licensed to Ada Lovelace · Order DRX-ABCDE-FGHJK');
    expect(licenceLine({ kind: 'purchase', name: 'Ada', orderNumber: null })).toBe('Licensed to Ada');
    expect(licenceLine({ kind: 'free' })).toBe('Free download');
    expect(licenceLine({ kind: 'seller' })).toBe('Seller copy');
    expect(licenceLine({ kind: 'grant', name: 'Ada' })).toBe('Licensed to Ada');
    expect(licenceLine({ kind: 'admin', name: 'Ada' })).toBe('Review copy · Ada');
    expect(licenseeName({ firstName: ' Ada ', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(licenseeName({ firstName: '', lastName: '', username: 'ada' })).toBe('ada');
  });
});

describe('reviews and search', () => {
  it('averages to two decimals and spreads over the stars', () => {
    expect(roundedAverage(0, 0)).toBe(0);
    expect(roundedAverage(14, 3)).toBe(4.67);
    expect(ratingDistribution([{ rating: 5, count: 2 }, { rating: 1, count: 1 }, { rating: 9, count: 4 }])).toEqual([1, 0, 0, 0, 2]);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
