import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PhotoItem } from './photo-items';
import { PhotoListEditor } from './photo-list-editor';

const item = (n: number, extra: Partial<PhotoItem> = {}): PhotoItem => ({
  key: `k${n}`,
  url: `/api/uploads/${n}.webp`,
  photoId: n,
  ...extra,
});

/** The editor as the form holds it, with the order it ends up in. */
function Harness({ initial, onRetry }: { initial: PhotoItem[]; onRetry?: () => void }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <PhotoListEditor items={items} onChange={setItems} onRetry={onRetry} />
      <output aria-label="order">{items.map((i) => i.photoId ?? 'new').join(',')}</output>
    </>
  );
}
const order = () => screen.getByLabelText('order').textContent;

describe('the photos of the post and edit forms', () => {
  it('moves a photo earlier and later with the buttons, and marks the first as the cover', async () => {
    render(<Harness initial={[item(1), item(2), item(3)]} />);
    expect(screen.getByAltText('Photo 1 of 3, cover')).toHaveAttribute('src', '/api/uploads/1.webp');
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(order()).toBe('1,3,2');
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(order()).toBe('3,1,2');
    expect(screen.getByAltText('Photo 1 of 3, cover')).toHaveAttribute('src', '/api/uploads/3.webp');
  });

  it('is operable by keyboard alone', async () => {
    render(<Harness initial={[item(1), item(2), item(3)]} />);
    screen.getByRole('button', { name: 'Move photo 2 later' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toBe('1,3,2');
    screen.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
    await userEvent.keyboard(' ');
    expect(order()).toBe('3,1,2');
  });

  it('makes any photo the cover in one step', async () => {
    render(<Harness initial={[item(1), item(2), item(3)]} />);
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(order()).toBe('3,1,2');
    const list = screen.getByRole('list', { name: 'Chosen photos, the cover first' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Cover');
  });

  it('removes a photo', async () => {
    render(<Harness initial={[item(1), item(2)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(order()).toBe('2');
  });

  it('adds several photos in one go, up to the limit, and says when some did not fit', async () => {
    render(<Harness initial={[item(1), item(2), item(3), item(4)]} />);
    const files = ['a', 'b', 'c'].map((n) => new File(['png'], `${n}.png`, { type: 'image/png' }));
    await userEvent.upload(screen.getByLabelText('Photos'), files);
    expect(await screen.findByAltText('Photo 6 of 6')).toBeInTheDocument();
    expect(order()).toBe('1,2,3,4,new,new');
    expect(screen.getByRole('alert')).toHaveTextContent('You can add 2 more photos (at most 6).');
    expect(screen.getByLabelText('Photos')).toBeDisabled();
  });

  it('shows each upload with its own progress bar and its own error, and offers a retry', async () => {
    let retried = 0;
    render(
      <Harness
        initial={[
          item(1),
          item(2, { photoId: undefined, file: new File(['x'], 'b.png'), progress: 0.4 }),
          item(3, {
            photoId: undefined,
            file: new File(['x'], 'c.png'),
            error: 'Image is too large: the limit is 10 MB',
          }),
        ]}
        onRetry={() => retried++}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('progressbar', { name: 'Uploading photo 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Image is too large: the limit is 10 MB');
    await userEvent.click(screen.getByRole('button', { name: 'Retry failed uploads' }));
    expect(retried).toBe(1);
  });
});
