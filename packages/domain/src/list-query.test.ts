import { describe, expect, it } from 'vitest';
import { paginate, parseSearch, ZListQuery } from './list-query';

describe('search form', () => {
  it('parses the spec form field:value;field:value', () => {
    expect(parseSearch('menu:true;company:shipedge;status:ACTIVE')).toEqual({ fields: { menu: 'true', company: 'shipedge', status: 'ACTIVE' } });
  });
  it('keeps a bare text as free-text search and values containing colons whole', () => {
    expect(parseSearch('reno')).toEqual({ fields: {}, text: 'reno' });
    expect(parseSearch('url:http://x.test')).toEqual({ fields: { url: 'http://x.test' } });
  });
});

describe('list query', () => {
  it('defaults to page 1 of 25', () => {
    expect(ZListQuery.parse({})).toMatchObject({ page: 1, per_page: 25, filters: [] });
  });
  it('caps per_page at 500 and rejects a page below 1', () => {
    expect(ZListQuery.safeParse({ per_page: '501' }).success).toBe(false);
    expect(ZListQuery.safeParse({ page: '0' }).success).toBe(false);
  });
  it('accepts spec filter operators and refuses unknown ones or bad JSON', () => {
    expect(ZListQuery.parse({ filters: '[{"field":"status","operator":"in","value":["open"]}]' }).filters).toHaveLength(1);
    expect(ZListQuery.safeParse({ filters: '[{"field":"status","operator":"regex","value":"x"}]' }).success).toBe(false);
    expect(ZListQuery.safeParse({ filters: '{not json' }).success).toBe(false);
  });
  it('normalises order_direction', () => {
    expect(ZListQuery.parse({ order_direction: 'desc' }).order_direction).toBe('DESC');
    expect(ZListQuery.safeParse({ order_direction: 'sideways' }).success).toBe(false);
  });
  it('computes last_page', () => {
    expect(paginate([], 1234, 1, 25)).toMatchObject({ total: 1234, last_page: 50 });
    expect(paginate([], 0, 1, 25).last_page).toBe(1);
  });
});
