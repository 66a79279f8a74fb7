import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, TOAST_DURATION_MS } from '@/components/ui/toaster';
import { dismissToast, toast } from '@/hooks/use-toast';

function notificationRegion() {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    // The store is module-level: close whatever a test left open.
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows a raised notification with its title and description', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'CDM generated', description: 'CNJ-2024-001 crossed the alert threshold' });
    });
    expect(screen.getByText('CDM generated')).toBeVisible();
    expect(screen.getByText('CNJ-2024-001 crossed the alert threshold')).toBeVisible();
  });

  it('keeps only one notification visible at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('closes by itself after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short-lived' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();
  });

  it('closes when its close button is pressed', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Closable' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('moves focus into the notification region on F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Focus me' });
    });
    expect(notificationRegion()).not.toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(notificationRegion()).toContainElement(document.activeElement as HTMLElement);
  });
});
