import { describe, expect, it } from 'vitest';
import { afterTransition, allowedTransitions, canTransition, closeReasonText, LIFECYCLE_ORDER, lifecycleRank, riskRaised, systemReopens, type LifecycleStatus } from './alert-lifecycle.ts';

describe('alert lifecycle transitions (the table in alert-lifecycle.ts)', () => {
  const table: Record<LifecycleStatus, LifecycleStatus[]> = {
    new: ['acknowledged', 'assessing', 'false_alarm'],
    acknowledged: ['assessing', 'false_alarm'],
    assessing: ['mitigating', 'risk_accepted', 'false_alarm'],
    mitigating: ['assessing', 'risk_accepted', 'closed'],
    risk_accepted: ['assessing', 'mitigating', 'closed'],
    false_alarm: ['assessing', 'closed'],
    closed: ['assessing'],
  };

  it('allows exactly the table while the TCA is ahead', () => {
    for (const from of LIFECYCLE_ORDER) expect(allowedTransitions(from, false), from).toEqual(table[from]);
  });

  it('follows the issue chain new → acknowledged → assessing → a decision → closed', () => {
    const chain: LifecycleStatus[] = ['new', 'acknowledged', 'assessing', 'risk_accepted', 'closed'];
    for (let i = 1; i < chain.length; i += 1) expect(canTransition(chain[i - 1]!, chain[i]!, false)).toBe(true);
    for (const decision of ['mitigating', 'risk_accepted', 'false_alarm'] as const) expect(canTransition('assessing', decision, false)).toBe(true);
  });

  it('closes only from a decision, and never skips the assessment to a decision other than false alarm', () => {
    for (const from of ['new', 'acknowledged', 'assessing'] as const) expect(canTransition(from, 'closed', false)).toBe(false);
    expect(canTransition('new', 'risk_accepted', false)).toBe(false);
    expect(canTransition('acknowledged', 'mitigating', false)).toBe(false);
    expect(canTransition('new', 'false_alarm', false)).toBe(true);
  });

  it('reopens a closed alert (to assessing) only while the TCA is ahead', () => {
    expect(allowedTransitions('closed', false)).toEqual(['assessing']);
    expect(allowedTransitions('closed', true)).toEqual([]);
    expect(canTransition('closed', 'new', false)).toBe(false);
    // An open alert past its TCA (before the expiry closes it) may still be decided and closed.
    expect(allowedTransitions('risk_accepted', true)).toEqual(['assessing', 'mitigating', 'closed']);
  });

  it('never lists the current status as a transition', () => {
    for (const from of LIFECYCLE_ORDER) expect(allowedTransitions(from, false)).not.toContain(from);
  });

  it('keeps the decision when closing and clears it when going back to assessing', () => {
    expect(afterTransition('risk_accepted', null)).toEqual({ decision: 'risk_accepted', open: true });
    expect(afterTransition('closed', 'risk_accepted')).toEqual({ decision: 'risk_accepted', open: false });
    expect(afterTransition('assessing', 'false_alarm')).toEqual({ decision: null, open: true });
    expect(afterTransition('acknowledged', null)).toEqual({ decision: null, open: true });
  });

  it('sorts in the lifecycle order', () => {
    expect(LIFECYCLE_ORDER.map(lifecycleRank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('system reopening', () => {
  const base = { tcaMs: 2_000, nowMs: 1_000 };
  it('reopens an operator-closed alert only when the risk is raised', () => {
    expect(systemReopens({ ...base, closeReason: 'operator', storedRisk: 'high', newRisk: 'critical' })).toBe(true);
    expect(systemReopens({ ...base, closeReason: 'operator', storedRisk: 'high', newRisk: 'high' })).toBe(false);
    expect(systemReopens({ ...base, closeReason: 'operator', storedRisk: 'high', newRisk: 'medium' })).toBe(false);
  });
  it('reopens one screening had lost when it is found again', () => {
    expect(systemReopens({ ...base, closeReason: 'not_found', storedRisk: 'high', newRisk: 'medium' })).toBe(true);
  });
  it('never reopens once the TCA has passed', () => {
    expect(systemReopens({ tcaMs: 999, nowMs: 1_000, closeReason: 'operator', storedRisk: 'low', newRisk: 'critical' })).toBe(false);
    expect(systemReopens({ tcaMs: 999, nowMs: 1_000, closeReason: 'not_found', storedRisk: 'low', newRisk: 'critical' })).toBe(false);
  });
  it('orders risk levels critical > high > medium > low', () => {
    expect(riskRaised('low', 'medium')).toBe(true);
    expect(riskRaised('critical', 'high')).toBe(false);
    expect(riskRaised('high', 'high')).toBe(false);
  });
  it('says why the system closed an alert', () => {
    expect(closeReasonText('tca_passed')).toBe('TCA passed');
    expect(closeReasonText('not_found')).toBe('no longer found by screening');
  });
});
