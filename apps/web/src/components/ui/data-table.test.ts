import { describe, expect, it } from 'vitest';
import { nextSort } from './data-table.tsx';

describe('nextSort', () => {
  it('sorts a newly chosen column descending first', () => {
    expect(nextSort({ field: 'created', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'desc',
    });
    expect(nextSort(undefined, 'name')).toEqual({ field: 'name', direction: 'desc' });
  });

  it('flips the direction when the same column is chosen again', () => {
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual({
      field: 'name',
      direction: 'asc',
    });
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'desc',
    });
  });
});
