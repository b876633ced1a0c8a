import { describe, expect, it } from 'vitest';
import type { Warehouse } from './api';
import { ZWarehouseForm, formFieldOf, toFormValues, toWarehouseBody } from './warehouse-form';

const stored: Warehouse = {
  id: 'w1', name: 'Reno DC', code: 'RNO-1', provider: 'shipedge', status: 'ACTIVE', address1: null, address2: null, city: 'Reno',
  region: 'NV', postal_code: null, country: 'US', time_zone: 'America/Los_Angeles', notes: null,
  connection: { driver: 'mysql', host: 'db.test', port: 3306, database: 'wms', username: 'omnio', charset: null, collation: null, has_password: true },
  companies: [{ id: 'c1', name: 'Acme' }], company_ids: ['c1'], created_at: '', updated_at: '',
};

describe('toWarehouseBody: the write-only password', () => {
  it('leaves the password out on edit when the field is empty (the server keeps it)', () => {
    const body = toWarehouseBody(toFormValues(stored), true) as { connection: Record<string, unknown> };
    expect(body.connection).not.toHaveProperty('password');
    expect(body.connection).toMatchObject({ driver: 'mysql', host: 'db.test', port: 3306 });
  });
  it('sends a typed password, and null when "remove" is ticked', () => {
    const values = toFormValues(stored);
    expect((toWarehouseBody({ ...values, connection: { ...values.connection, password: 'n3w' } }, true) as { connection: object }).connection)
      .toMatchObject({ password: 'n3w' });
    expect((toWarehouseBody({ ...values, connection: { ...values.connection, clear_password: true } }, true) as { connection: object }).connection)
      .toMatchObject({ password: null });
  });
  it('never sends an empty string, and blank fields as null', () => {
    const body = toWarehouseBody(toFormValues(null), false) as Record<string, unknown> & { connection: Record<string, unknown> };
    expect(body.connection).not.toHaveProperty('password');
    expect(body).toMatchObject({ address1: null, notes: null, time_zone: 'UTC', connection: { driver: null, port: null, host: null } });
  });
});

describe('the form rules', () => {
  const valid = { ...toFormValues(null), name: 'Reno', code: 'RNO-1' };
  it('accepts a valid form and refuses bad ports, codes and time zones', () => {
    expect(ZWarehouseForm.safeParse(valid).success).toBe(true);
    for (const port of ['0', '65536', '12a', '-1']) {
      expect(ZWarehouseForm.safeParse({ ...valid, connection: { ...valid.connection, port } }).success, port).toBe(false);
    }
    expect(ZWarehouseForm.safeParse({ ...valid, code: 'has space' }).success).toBe(false);
    expect(ZWarehouseForm.safeParse({ ...valid, time_zone: 'Mars/Olympus' }).success).toBe(false);
  });
  it('maps server error keys onto form fields', () => {
    expect(formFieldOf('connection.port')).toBe('connection.port');
    expect(formFieldOf('company_ids.3')).toBe('company_ids');
    expect(formFieldOf('something_else')).toBeNull();
  });
});
