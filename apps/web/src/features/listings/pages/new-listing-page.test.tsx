import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildListing, mockUpload } from '../testing';
import NewListingPage from './new-listing-page';

const open = () =>
  renderWithProviders(<NewListingPage />, {
    route: '/listings/new',
    path: '/listings/new',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/listings/:id', '/post-want'],
  });

afterEach(() => vi.unstubAllGlobals());

describe('Post a Have listing', () => {
  it('shows the form the spec describes', () => {
    open();
    expect(screen.getByRole('link', { name: 'Want' })).toHaveAttribute('href', '/post-want');
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Item name')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Sell');
    const price = screen.getByLabelText('Price ($)');
    expect(price).toHaveAttribute('min', '1');
    expect(price).toHaveAttribute('step', '1');
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'publish the post to public' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });

  it('explains what is wrong before sending anything', async () => {
    const sent = mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'ab');
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Price must be greater than 0 for sell listings')).toBeInTheDocument();
    expect(screen.getByText('Description must be at most 1000 characters long')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('asks for a title when there is none', async () => {
    mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Price ($)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
  });

  it('reads a price that is not a number as 0', async () => {
    mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), 'e');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Price must be greater than 0 for sell listings')).toBeInTheDocument();
  });

  it('hides the price for a giveaway and sends the listing with its photo', async () => {
    const sent = mockUpload(() => ({ status: 201, body: buildListing({ id: 77 }) }), 200);
    const { router } = open();
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['png'], 'seeds.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Selected photo preview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(screen.getByLabelText('Item name'), '  Sunflower seeds ');
    await userEvent.type(screen.getByLabelText('Price ($)'), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Giveaway');
    expect(screen.queryByLabelText('Price ($)')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Description'), 'A whole packet.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'publish the post to public' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/listings/77');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/listings/');
    const { image, ...fields } = Object.fromEntries(sent[0]!.form.entries());
    expect((image as File).name).toBe('seeds.png');
    expect(fields).toEqual({
      title: 'Sunflower seeds',
      description: 'A whole packet.',
      price: '0',
      type_id: '3',
      category_id: '2',
      is_public: 'false',
      is_active: 'true',
    });
  });

  it("shows the server's field errors next to the fields", async () => {
    mockUpload(() => ({
      status: 422,
      body: {
        detail: 'Some fields are not valid',
        code: 'VALIDATION',
        errors: [{ field: 'title', message: 'Title must be at most 100 characters long' }],
      },
    }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title must be at most 100 characters long')).toBeInTheDocument();
    expect(screen.getByText('Failed to create listing. Please try again later.')).toBeInTheDocument();
  });

  it('says when the listing could not be created', async () => {
    mockUpload(() => ({ status: 500, body: { detail: 'boom', code: 'INTERNAL' } }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to create listing. Please try again later.')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });
});
