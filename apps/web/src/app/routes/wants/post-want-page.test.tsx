import type { Want } from '@gardenswap/shared/wants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import PostWantPage from './post-want-page';

const want = (id: number, title: string, category_id = 1): Want => ({
  id,
  title,
  category_id,
  user_id: 1,
  created_at: '2024-05-01T10:00:00.000Z',
});

type Handler = Response | ((body: unknown) => Response | Promise<Response>);

/** fetch answered by "METHOD /api/path"; returns the spy. */
function mockApi(handlers: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) return json({ detail: `No stub for ${key}`, code: 'TEST' }, 500);
    if (handler instanceof Response) return handler.clone();
    return handler(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
  });
}
const requests = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}${init?.body ? ` ${String(init.body)}` : ''}`)
    .filter((c) => !c.startsWith('GET'));

const open = () =>
  renderWithProviders(<PostWantPage />, {
    route: '/post-want',
    path: '/post-want',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/my-listings'],
  });
const items = () => screen.getAllByRole('textbox');
const save = () => userEvent.click(screen.getByRole('button', { name: 'save changes' }));

describe('Post Want', () => {
  it('prefills my items per category, with the 5-item note', async () => {
    mockApi({ 'GET /api/listings/want-listings': json([want(1, 'Garlic'), want(2, 'Poppy seeds', 2)]) });
    open();
    expect(await screen.findByDisplayValue('Garlic')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Poppy seeds')).not.toBeInTheDocument();
    expect(screen.getByText(/no more than 5 items/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Have' })).toHaveAttribute('href', '/listings/new');
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    expect(screen.getByDisplayValue('Poppy seeds')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'plants' }));
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveValue('');
  });

  it('disables add while the last item is empty and at 5 items', async () => {
    mockApi({ 'GET /api/listings/want-listings': json([want(1, 'Garlic'), want(2, 'Leeks')]) });
    open();
    await screen.findByDisplayValue('Garlic');
    const add = screen.getByRole('button', { name: 'Add item' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(items()).toHaveLength(3);
    expect(items()[2]).toHaveFocus();
    expect(add).toBeDisabled();
    await userEvent.type(items()[2]!, 'Onions');
    await userEvent.click(add);
    await userEvent.type(items()[3]!, 'Chard');
    await userEvent.click(add);
    await userEvent.type(items()[4]!, 'Kale');
    expect(items()).toHaveLength(5);
    expect(add).toBeDisabled();
  });

  it('saves on Enter: creates new items and renames changed ones, then shows the want tab', async () => {
    const api = mockApi({
      'GET /api/listings/want-listings': json([want(1, 'Garlic')]),
      'POST /api/listings/want-listings': (body) => json(want(9, (body as { title: string }).title), 201),
      'PATCH /api/listings/want-listings/1': (body) => json(want(1, (body as { title: string }).title)),
    });
    const { router } = open();
    const garlic = await screen.findByDisplayValue('Garlic');
    await userEvent.clear(garlic);
    await userEvent.type(garlic, 'Elephant garlic');
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(items()[0]!, 'Sweet pea seeds{Enter}');
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=want');
    expect(requests(api)).toEqual([
      'POST /api/listings/want-listings {"title":"Sweet pea seeds","category_id":2}',
      'PATCH /api/listings/want-listings/1 {"title":"Elephant garlic"}',
    ]);
  });

  it('marks an existing item for deletion and saves a delete-only change', async () => {
    const api = mockApi({
      'GET /api/listings/want-listings': json([want(1, 'Garlic'), want(2, 'Leeks')]),
      'DELETE /api/listings/want-listings/1': json(null, 204),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Garlic' }));
    expect(screen.queryByDisplayValue('Garlic')).not.toBeInTheDocument();
    const marked = screen.getByRole('list', { name: 'Removed when you save' });
    expect(within(marked).getByText('Garlic')).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    expect(requests(api)).toEqual(['DELETE /api/listings/want-listings/1']);
  });

  it('can take a deletion back', async () => {
    mockApi({ 'GET /api/listings/want-listings': json([want(1, 'Garlic')]) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Garlic' }));
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveValue('Garlic');
    expect(screen.queryByRole('list', { name: 'Removed when you save' })).not.toBeInTheDocument();
  });

  it('says there is nothing to save only when nothing changed', async () => {
    const api = mockApi({ 'GET /api/listings/want-listings': json([want(1, 'Garlic')]) });
    open();
    await screen.findByDisplayValue('Garlic');
    await save();
    expect(await screen.findByText('Please add at least one item to your wish list')).toBeInTheDocument();
    expect(requests(api)).toEqual([]);
  });

  it('needs at least 3 characters per item, showing the category with the problem', async () => {
    const api = mockApi({ 'GET /api/listings/want-listings': json([]) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'plants' }));
    await userEvent.type(items()[0]!, 'Fi');
    await userEvent.click(screen.getByRole('button', { name: 'produce' }));
    await userEvent.type(items()[0]!, 'Beans');
    await save();
    expect(await screen.findByText('Each item must have at least 3 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests(api)).toEqual([]);
  });

  it("shows the server's 409 text", async () => {
    mockApi({
      'GET /api/listings/want-listings': json([]),
      'POST /api/listings/want-listings': json(
        { detail: 'You can have no more than 5 items in a category', code: 'WANT_LIMIT_REACHED' },
        409,
      ),
    });
    open();
    await userEvent.type(await screen.findByRole('textbox'), 'Beans');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('You can have no more than 5 items in a category');
  });

  it('shows Saving... while busy', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({
      'GET /api/listings/want-listings': json([]),
      'POST /api/listings/want-listings': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    open();
    await userEvent.type(await screen.findByRole('textbox'), 'Beans');
    await save();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer(json(want(11, 'Beans'), 201));
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
  });

  it('says when saving failed, and a retry does not repeat what was saved', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/listings/want-listings': json([]),
      'POST /api/listings/want-listings': (body) => {
        const { title } = body as { title: string };
        if (title === 'Poppy seeds' && fail) return json({ detail: 'boom', code: 'INTERNAL' }, 500);
        return json(want(title.length, title), 201);
      },
    });
    open();
    await userEvent.type(await screen.findByRole('textbox'), 'Beans');
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(screen.getByRole('textbox'), 'Poppy seeds');
    await save();
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeInTheDocument();
    fail = false;
    await save();
    await screen.findByText('Navigated to /my-listings');
    expect(requests(api)).toEqual([
      'POST /api/listings/want-listings {"title":"Beans","category_id":1}',
      'POST /api/listings/want-listings {"title":"Poppy seeds","category_id":2}',
      'POST /api/listings/want-listings {"title":"Poppy seeds","category_id":2}',
    ]);
  });
});
