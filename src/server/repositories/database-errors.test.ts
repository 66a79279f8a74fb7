import { describe, expect, it } from 'vitest';
import { isUniqueViolationOf, sqlState, violatedConstraint } from './database-errors.ts';

// As Drizzle throws them: a DrizzleQueryError whose cause is the driver's error (pg's DatabaseError
// and PGlite's both carry `code` and `constraint`).
const wrapped = (driver: object) => Object.assign(new Error('Failed query: insert …'), { query: 'insert …', params: [], cause: Object.assign(new Error('duplicate key'), driver) });

describe('database errors', () => {
  it('reads the SQLSTATE and the constraint through the wrapping', () => {
    const error = wrapped({ code: '23505', constraint: 'cdm_messages_originator_message_uq', table: 'cdm_messages' });
    expect(sqlState(error)).toBe('23505');
    expect(violatedConstraint(error)).toBe('cdm_messages_originator_message_uq');
    expect(isUniqueViolationOf(error, 'cdm_messages_originator_message_uq')).toBe(true);
    expect(isUniqueViolationOf(error, 'conjunction_events_cid_uq')).toBe(false);
  });

  it('is not a unique violation of anything for other errors', () => {
    expect(isUniqueViolationOf(wrapped({ code: '54000' }), 'cdm_messages_originator_message_uq')).toBe(false);
    expect(isUniqueViolationOf(wrapped({ code: '23503', constraint: 'cdm_messages_originator_message_uq' }), 'cdm_messages_originator_message_uq')).toBe(false);
    expect(sqlState(new Error('ECONNREFUSED'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(violatedConstraint(undefined)).toBeUndefined();
  });
});
