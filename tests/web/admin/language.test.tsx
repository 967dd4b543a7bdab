import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, useStandIn } from './harness';

useStandIn({ signedIn: true });

describe('Arabic', () => {
  it('the top bar switch turns the back-office right-to-left and is remembered', async () => {
    const user = userEvent.setup();
    renderAdmin('/home');
    await screen.findByText('Latest Orders');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await screen.findByText('أحدث الطلبات')).toBeInTheDocument();
    expect(localStorage.getItem('specter.locale')).toBe('ar');
  });
});
