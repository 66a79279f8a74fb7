import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisStatusPanel } from '@/components/sst/analysis-status-panel';
import { completedSteps, failedSteps, startedSteps, stepsAtJob } from '@/lib/analysis-progress';

const T0 = new Date('2025-03-01T19:04:58.000Z');

const percentText = () => within(screen.getByRole('region', { name: 'Analysis Status' })).getByText(/% complete$/).textContent;
const bar = () => screen.getByRole('progressbar', { name: 'Analysis progress' });

afterEach(() => {
  vi.useRealTimers();
});

describe('AnalysisStatusPanel (spec §2/§4)', () => {
  it('lists the six steps with their status, details and UTC time', () => {
    const steps = stepsAtJob(startedSteps(T0), { step: 'tle', detail: '4 element sets' }, T0);
    render(<AnalysisStatusPanel steps={steps} onClose={() => {}} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent(/^Preparing satellite datacompleted 19:04:58$/);
    expect(items[1]).toHaveTextContent(/^Generating TLE datarunning 19:04:584 element sets$/);
    expect(items[2]).toHaveTextContent(/^Calculating orbital parameterspending$/);
  });

  it('moves the bar up toward its target by 2 every 50 ms, and stops on it', () => {
    vi.useFakeTimers();
    // 2 of 6 steps completed: target 33.33 %.
    const steps = stepsAtJob(startedSteps(T0), { step: 'orbits', detail: '' }, T0);
    render(<AnalysisStatusPanel steps={steps} onClose={() => {}} />);
    expect(percentText()).toBe('0% complete');
    act(() => vi.advanceTimersByTime(50));
    expect(bar()).toHaveAttribute('aria-valuenow', '2');
    act(() => vi.advanceTimersByTime(49));
    expect(bar()).toHaveAttribute('aria-valuenow', '2');
    act(() => vi.advanceTimersByTime(1));
    expect(percentText()).toBe('4% complete');
    act(() => vi.advanceTimersByTime(50 * 14));
    expect(percentText()).toBe('32% complete');
    act(() => vi.advanceTimersByTime(50));
    expect(percentText()).toBe('33% complete');
    act(() => vi.advanceTimersByTime(1000));
    expect(percentText()).toBe('33% complete');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('climbs on from where it is when the target rises, to 100 on success', () => {
    vi.useFakeTimers();
    const running = stepsAtJob(startedSteps(T0), { step: 'tle', detail: '' }, T0);
    const { rerender } = render(<AnalysisStatusPanel steps={running} onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(percentText()).toBe('17% complete');
    rerender(<AnalysisStatusPanel steps={completedSteps(running, T0)} onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(50));
    expect(bar()).toHaveAttribute('aria-valuenow', '19');
    act(() => vi.advanceTimersByTime(50 * 41));
    expect(percentText()).toBe('100% complete');
    expect(screen.getByRole('status')).toHaveTextContent(/^Analysis completed successfully$/);
  });

  it("says 'Analysis completed with errors' and shows the error on the failed step", () => {
    const steps = failedSteps(stepsAtJob(startedSteps(T0), { step: 'detect', detail: '' }, T0), 'Worker crashed', T0);
    render(<AnalysisStatusPanel steps={steps} onClose={() => {}} />);
    expect(screen.getByRole('listitem', { name: 'Detecting potential conjunctions' })).toHaveTextContent('Error: Worker crashed');
    expect(screen.getByRole('status')).toHaveTextContent(/^Analysis completed with errors$/);
  });

  it('has no summary while running, and a Close button', async () => {
    const onClose = vi.fn();
    render(<AnalysisStatusPanel steps={startedSteps(T0)} onClose={onClose} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
