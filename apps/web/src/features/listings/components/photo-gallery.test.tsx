import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './photo-gallery';

const urls = ['/api/uploads/1.webp', '/api/uploads/2.webp', '/api/uploads/3.webp'];
const current = () => screen.getByText(/^\d of \d$/).textContent;

describe('the gallery of a listing', () => {
  it('names every photo and says where the viewer is', () => {
    render(<PhotoGallery urls={urls} title="Rhubarb crowns" />);
    expect(screen.getByRole('region', { name: 'Photos of Rhubarb crowns' })).toBeInTheDocument();
    expect(screen.getByAltText('Rhubarb crowns, photo 2 of 3')).toHaveAttribute('src', urls[1]);
    expect(current()).toBe('1 of 3');
  });

  it('moves with the arrows, stopping at either end', async () => {
    render(<PhotoGallery urls={urls} title="Rhubarb crowns" />);
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(current()).toBe('2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(current()).toBe('3 of 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(current()).toBe('2 of 3');
  });

  it('moves with the left and right arrow keys', async () => {
    render(<PhotoGallery urls={urls} title="Rhubarb crowns" />);
    await userEvent.tab();
    expect(screen.getByLabelText(/use the left and right arrow keys/)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(current()).toBe('3 of 3');
    await userEvent.keyboard('{ArrowLeft}');
    expect(current()).toBe('2 of 3');
  });

  it('follows a swipe: the photo scrolled into view is the current one', () => {
    render(<PhotoGallery urls={urls} title="Rhubarb crowns" />);
    const track = screen.getByLabelText(/use the left and right arrow keys/);
    Object.defineProperty(track, 'clientWidth', { value: 300 });
    track.scrollLeft = 600;
    fireEvent.scroll(track);
    expect(current()).toBe('3 of 3');
  });

  it('shows a single photo alone, and a placeholder without any', () => {
    const { rerender } = render(<PhotoGallery urls={urls.slice(0, 1)} title="Rhubarb crowns" />);
    expect(screen.getByAltText('Rhubarb crowns')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    rerender(<PhotoGallery urls={[]} title="Rhubarb crowns" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
