import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MiddleEllipsis } from './middle-ellipsis';

describe('a name that may not fit its line', () => {
  it('shows a short name as it is, once', () => {
    render(
      <h2>
        <MiddleEllipsis text="tom_grows" />
      </h2>,
    );
    const heading = screen.getByRole('heading', { name: 'tom_grows' });
    expect(heading).toHaveTextContent(/^tom_grows$/);
    expect(heading.querySelector('[title]')).toBeNull();
  });

  it('keeps the start and the end of a long name in sight, and gives the whole name to readers and the tooltip', () => {
    const name = 'jonas_tomatogrower_mx1h340h14q';
    render(
      <h2>
        Chat with <MiddleEllipsis text={name} />
      </h2>,
    );
    const heading = screen.getByRole('heading', { name: `Chat with ${name}` });
    const start = heading.querySelector('.middle-ellipsis-start')!;
    const end = heading.querySelector('.middle-ellipsis-end')!;
    expect(start).toHaveTextContent(/^jonas_tomatogrower_mx1h3$/);
    expect(end).toHaveTextContent(/^40h14q$/);
    expect(`${start.textContent}${end.textContent}`).toBe(name);
    expect(start).toHaveAttribute('aria-hidden', 'true');
    expect(end).toHaveAttribute('aria-hidden', 'true');
    expect(heading.querySelector('.middle-ellipsis')).toHaveAttribute('title', name);
  });

  it('keeps as much of the end as asked', () => {
    const { container } = render(<MiddleEllipsis text="maria_greenfingers@example.com" tail={12} />);
    expect(container.querySelector('.middle-ellipsis-end')).toHaveTextContent(/^@example\.com$/);
  });
});
