import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorCard } from './error-card';

describe('ErrorCard', () => {
  it('shows the message and calls retry', () => {
    const retry = jest.fn();
    render(<ErrorCard title="Esta área no pudo cargarse" message="Sin conexión" retryLabel="Reintentar" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Esta área no pudo cargarse');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without a retry action', () => {
    render(<ErrorCard title="Error" message="x" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
