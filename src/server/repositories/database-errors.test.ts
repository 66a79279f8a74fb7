import { describe, expect, it } from 'vitest';
import { connectionFailureReason, isConnectionFailure, isUniqueViolationOf, sqlState, violatedConstraint } from './database-errors.ts';

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

describe('connection failures', () => {
  // As node-postgres and Node's net module raise them (the codes and messages of pg 8 and pg-pool 3).
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54331'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });

  it('are recognised through the wrapping, by code, SQLSTATE class 08 and 57P0x, or pg message', () => {
    expect(isConnectionFailure(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('Failed query: select 1'), { cause: refused }))).toBe(true);
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '08006', '08001', '08P01', '57P01', '57P02', '57P03']) {
      expect(isConnectionFailure(wrapped({ code })), code).toBe(true);
    }
    for (const message of ['Connection terminated unexpectedly', 'Connection terminated', 'timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']) {
      expect(isConnectionFailure(Object.assign(new Error('Failed query'), { cause: new Error(message) })), message).toBe(true);
    }
    // Node's AggregateError: every address of a host name refused; its own message is empty.
    const aggregate = Object.assign(new AggregateError([refused, new Error('connect ECONNREFUSED ::1:54331')], ''), { code: 'ECONNREFUSED' });
    expect(isConnectionFailure(aggregate)).toBe(true);
    expect(connectionFailureReason(Object.assign(new Error('Failed query'), { cause: aggregate }))).toBe('connect ECONNREFUSED 127.0.0.1:54331');
    expect(connectionFailureReason(Object.assign(new Error('Failed query: select 1'), { cause: refused }))).toBe('connect ECONNREFUSED 127.0.0.1:54331');
  });

  it('are not confused with failures of a statement', () => {
    for (const code of ['23505', '22021', '22P05', '42P01', '54000']) expect(isConnectionFailure(wrapped({ code })), code).toBe(false);
    expect(isConnectionFailure(new Error('relation "x" does not exist'))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
    // A cycle of causes ends the walk.
    const a: { cause?: unknown } & Error = new Error('a');
    a.cause = a;
    expect(isConnectionFailure(a)).toBe(false);
  });
});
