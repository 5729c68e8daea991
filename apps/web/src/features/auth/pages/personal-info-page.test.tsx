import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import PersonalInfoPage from './personal-info-page';

const open = () =>
  renderWithProviders(<PersonalInfoPage />, {
    path: '/personal-info',
    auth: { id: 4, username: 'rosa' },
    otherPaths: ['/invite-your-friends', '/listings/new'],
  });

describe('Personal info', () => {
  it('greets the member and offers to skip to posting a listing', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Hello rosa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'skip for now' })).toHaveAttribute('href', '/listings/new');
  });

  it('requires city, state and a postcode of at least 5 characters after trimming', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Postcode'), ' 841 ');
    await userEvent.click(screen.getByRole('button', { name: 'Next >' }));
    expect(await screen.findByText(TEXTS.cityRequired)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.stateRequired)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.postcodeTooShort)).toBeInTheDocument();
  });

  it('saves the location, sending address and apartment only when filled, then goes to the invite step', async () => {
    const sent: FormData[] = [];
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (this: XMLHttpRequest) {});
    vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation(() => {});
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      sent.push(body as FormData);
      Object.defineProperty(this, 'status', { value: 200 });
      Object.defineProperty(this, 'responseText', {
        value: JSON.stringify({ id: 4, username: 'rosa', city: 'Sandy', state: 'UT', zip_code: '84070' }),
      });
      this.onload?.(new ProgressEvent('load'));
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    open();
    await userEvent.type(screen.getByLabelText('City'), 'Sandy');
    await userEvent.type(screen.getByLabelText('State'), 'UT');
    await userEvent.type(screen.getByLabelText('Postcode'), '84070');
    await userEvent.type(screen.getByLabelText('Apartment (optional, never shown)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Next >' }));
    expect(await screen.findByText('Navigated to /invite-your-friends')).toBeInTheDocument();
    const form = sent[0]!;
    expect(form.get('city')).toBe('Sandy');
    expect(form.get('postcode')).toBe('84070');
    expect(form.has('address')).toBe(false);
    expect(form.has('apt')).toBe(false);
  });
});
