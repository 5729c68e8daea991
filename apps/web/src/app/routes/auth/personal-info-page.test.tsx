import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import PersonalInfoPage from './personal-info-page';

const PROFILE = {
  id: 4,
  username: 'rosa',
  email: 'rosa@example.com',
  first_name: 'Rosa',
  last_name: 'G',
  friend_count: 0,
  profile_picture: null,
  city: null,
  state: null,
  zip_code: null,
};

/** Right after registering (onboarding), unless `editing`. */
const open = ({ editing = false } = {}) => {
  const view = renderWithProviders(<PersonalInfoPage />, {
    path: '/personal-info',
    auth: { id: 4, username: 'rosa' },
    otherPaths: ['/invite-your-friends', '/listings/new', '/profile'],
    beforeRender: () => {
      if (!editing) sessionStorage.setItem('gardenswap.justRegistered', '1');
    },
  });
  return view;
};

describe('Personal info', () => {
  it('greets the member and offers to skip to posting a listing', () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(PROFILE));
    open();
    expect(screen.getByRole('heading', { name: 'Hello rosa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'skip for now' })).toHaveAttribute('href', '/listings/new');
  });

  it('requires city, state and a postcode of at least 5 characters after trimming', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(PROFILE));
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
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(PROFILE));
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

  it('opened from the profile, shows the saved location and returns to the profile', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ ...PROFILE, city: 'Sandy', state: 'UT', zip_code: '84070' }),
    );
    open({ editing: true });
    expect(await screen.findByDisplayValue('Sandy')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveValue('84070');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'skip for now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
