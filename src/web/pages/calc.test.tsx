import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CalcPage from '@/pages/calc';

const HINT = 'Configure your parameters and click Calculate ROI to see your potential savings.';

function setup() {
  const user = userEvent.setup();
  render(<CalcPage />);
  const calculate = () => user.click(screen.getByRole('button', { name: 'Calculate ROI' }));
  return { user, calculate };
}

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

/** The value (<dd>) next to a result label (<dt>) inside a result card. */
function resultValue(cardName: string, label: string) {
  const term = card(cardName).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('Savings calculator (/calc)', () => {
  it('shows the title, both parameter cards with the spec defaults, and the hint', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Savings Calculator - Solar Flare Data ROI' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Satellite Operations Parameters' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Financial Parameters' })).toBeInTheDocument();

    expect(screen.getByLabelText('Number of Satellites')).toHaveValue(100);
    expect(screen.getByLabelText('Cost per Satellite (USD)')).toHaveValue('100,000');
    expect(screen.getByLabelText('Annual Loss Rate (%)')).toHaveValue(5);
    expect(screen.getByLabelText('Prevention Rate (%)')).toHaveValue(10);
    expect(screen.getByLabelText('Prevented Downtime (%)')).toHaveValue(10);
    expect(screen.getByLabelText('Annual Insurance (USD)')).toHaveValue('1,000,000');
    expect(screen.getByLabelText('Insurance Discount (%)')).toHaveValue(5);
    expect(screen.getByLabelText('Annual Fuel Savings (USD)')).toHaveValue('10,000');
    expect(screen.getByLabelText('Annual Revenue at Risk (USD)')).toHaveValue('1,000,000');
    expect(screen.getByLabelText('Data Service Cost (USD)')).toHaveValue('150,000');

    expect(screen.getByLabelText('Annual Loss Rate (%)')).toHaveAttribute('step', '0.01');
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Annual Savings Breakdown' })).not.toBeInTheDocument();
  });

  it('computes the spec figures from the defaults', async () => {
    const { calculate } = setup();
    await calculate();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();

    expect(resultValue('Annual Savings Breakdown', 'Replacement Savings')).toBe('$50,000');
    expect(resultValue('Annual Savings Breakdown', 'Insurance Reduction')).toBe('$50,000');
    expect(resultValue('Annual Savings Breakdown', 'Fuel Savings')).toBe('$10,000');
    expect(resultValue('Annual Savings Breakdown', 'Revenue Protected')).toBe('$100,000');
    expect(resultValue('Annual Savings Breakdown', 'Total Savings')).toBe('$210,000');

    expect(resultValue('ROI Analysis', 'Net Gain')).toBe('$60,000');
    expect(resultValue('ROI Analysis', 'ROI')).toBe('40.0%');
    expect(card('ROI Analysis').getByText('40.0%')).toHaveClass('bg-green-600');
    expect(resultValue('ROI Analysis', 'Payback Period')).toBe('8.6 months');

    expect(resultValue('Key Insights', 'Protected Assets')).toBe('$10,000,000');
    expect(card('Key Insights').getByText('Annual savings exceed the data service cost by $60,000.')).toBeInTheDocument();
  });

  it('hides the results again when any input is edited', async () => {
    const { user, calculate } = setup();
    await calculate();
    await user.type(screen.getByLabelText('Annual Fuel Savings (USD)'), '0');
    expect(screen.queryByRole('region', { name: 'Annual Savings Breakdown' })).not.toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();

    await calculate();
    await user.type(screen.getByLabelText('Number of Satellites'), '1');
    expect(screen.getByText(HINT)).toBeInTheDocument();
  });

  it("accepts thousands separators: '1,500,000' is 1500000", async () => {
    const { user, calculate } = setup();
    const field = screen.getByLabelText('Annual Revenue at Risk (USD)');
    await user.clear(field);
    await user.type(field, '1,500,000');
    expect(field).toHaveValue('1,500,000');
    await calculate();
    // 1,500,000 × 10 % prevented downtime
    expect(resultValue('Annual Savings Breakdown', 'Revenue Protected')).toBe('$150,000');
    expect(resultValue('Annual Savings Breakdown', 'Total Savings')).toBe('$260,000');
  });

  it("ignores text that is not a number: typing 'abc' leaves the value unchanged", async () => {
    const { user, calculate } = setup();
    const field = screen.getByLabelText('Cost per Satellite (USD)');
    await user.type(field, 'abc');
    expect(field).toHaveValue('100,000');
    await calculate();
    expect(resultValue('Key Insights', 'Protected Assets')).toBe('$10,000,000');
  });

  it('stores percent fields as fractions: loss rate 10 gives $100,000 replacement savings', async () => {
    const { user, calculate } = setup();
    const field = screen.getByLabelText('Annual Loss Rate (%)');
    await user.clear(field);
    await user.type(field, '10');
    expect(field).toHaveValue(10);
    await calculate();
    // 100 satellites × $100,000 × 0.10 × 0.10
    expect(resultValue('Annual Savings Breakdown', 'Replacement Savings')).toBe('$100,000');
  });

  it('takes fractional percents without float noise', async () => {
    const { user, calculate } = setup();
    const field = screen.getByLabelText('Insurance Discount (%)');
    await user.clear(field);
    await user.type(field, '7.25');
    expect(field).toHaveValue(7.25);
    await calculate();
    // $1,000,000 × 0.0725
    expect(resultValue('Annual Savings Breakdown', 'Insurance Reduction')).toBe('$72,500');
  });

  it("shows a red ROI badge and 'Never' when savings cannot pay back the service", async () => {
    const { user, calculate } = setup();
    for (const label of ['Annual Loss Rate (%)', 'Insurance Discount (%)', 'Prevented Downtime (%)']) {
      await user.clear(screen.getByLabelText(label));
    }
    await user.clear(screen.getByLabelText('Annual Fuel Savings (USD)'));
    await calculate();
    expect(resultValue('Annual Savings Breakdown', 'Total Savings')).toBe('$0');
    expect(resultValue('ROI Analysis', 'Net Gain')).toBe('-$150,000');
    expect(card('ROI Analysis').getByText('-100.0%')).toHaveClass('bg-red-600');
    expect(resultValue('ROI Analysis', 'Payback Period')).toBe('Never');
  });

  it('lists the four calculation formulas', () => {
    setup();
    const items = card('Calculation Formulas').getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Replacement Savings = Satellites × Cost per Satellite × Loss Rate × Prevention Rate',
      'Insurance Reduction = Annual Insurance × Discount',
      'Revenue Protected = Revenue at Risk × Prevented Downtime',
      'ROI = (Total Savings − Data Service Cost) ÷ Data Service Cost × 100',
    ]);
  });
});
