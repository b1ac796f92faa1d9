import { describe, expect, it } from 'vitest';
import { fileDetails, fileSize, personName, ratingBars, ratingFigure, ratingLabel, resourcePrice, reviewDate, starFill } from './store-format.ts';

describe('store wording', () => {
  it('prices a free resource as Free and a paid one in dollars', () => {
    expect(resourcePrice(0)).toBe('Free');
    expect(resourcePrice(1250)).toBe('$12.50');
  });

  it('says a rating in figures and in words', () => {
    expect(ratingFigure(4.25)).toBe('4.3');
    expect(ratingFigure(5)).toBe('5.0');
    expect(ratingLabel(4.666, 3)).toBe('Rated 4.7 out of 5 from 3 reviews');
    expect(ratingLabel(5, 1)).toBe('Rated 5.0 out of 5 from 1 review');
    expect(ratingLabel(0, 0)).toBe('No reviews yet');
  });

  it('fills the stars in proportion, within 0 and 5', () => {
    expect(starFill(4.5)).toBe(90);
    expect(starFill(3.33)).toBe(66.6);
    expect(starFill(7)).toBe(100);
    expect(starFill(-1)).toBe(0);
    expect(starFill(Number.NaN)).toBe(0);
  });

  it('writes file sizes and a file line', () => {
    expect(fileSize(0)).toBe('0 bytes');
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(1023)).toBe('1,023 bytes');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(14 * 1024 + 300)).toBe('14 KB');
    expect(fileSize(2.14 * 1024 * 1024)).toBe('2.1 MB');
    expect(fileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(fileDetails({ type_label: 'PDF', size: 2.14 * 1024 * 1024, page_count: 12 })).toBe('PDF · 2.1 MB · 12 pages');
    expect(fileDetails({ type_label: 'PDF', size: 2048, page_count: 1 })).toBe('PDF · 2 KB · 1 page');
    expect(fileDetails({ type_label: 'Audio', size: 5 * 1024 * 1024, page_count: null })).toBe('Audio · 5 MB');
  });

  it('names a person by their names, else their username', () => {
    expect(personName({ first_name: 'Ana', last_name: ' Ruiz ', username: 'ana' })).toBe('Ana Ruiz');
    expect(personName({ first_name: '', last_name: '', username: 'tapfan' })).toBe('tapfan');
    expect(personName({})).toBe('A DRX member');
  });

  it('dates a review in UTC', () => {
    expect(reviewDate('2026-11-25T23:30:00.000Z')).toBe('Nov 25, 2026');
    expect(reviewDate('not a date')).toBe('');
  });

  it('shares the reviews out over the stars, 5 first', () => {
    expect(ratingBars([0, 0, 1, 1, 2])).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 1, percent: 25 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(ratingBars([0, 0, 0, 0, 0]).every((b) => b.percent === 0)).toBe(true);
  });
});
