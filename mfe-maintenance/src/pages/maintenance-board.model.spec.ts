import { maintenanceCard as card } from './maintenance-card.fixture';
import { boardQuery, moveCard, moveRequest, NO_FILTERS, type BoardColumn } from './maintenance-board.model';

const columns: BoardColumn[] = [
  { status: 'pending', cards: [card(1, 'pending'), card(2, 'pending'), card(3, 'pending')] },
  { status: 'assigned', cards: [card(4, 'assigned', { blocked: true, blocked_reason: 'falta retén' })] },
  { status: 'in_progress', cards: [] },
];

describe('maintenance board model', () => {
  it('asks to place the card in front of the card now at the index, or at the end, with its version', () => {
    expect(moveRequest(columns[0].cards[2], columns[0], 0)).toEqual({ id: 3, to_status: 'pending', version: 30, before_id: 1 });
    expect(moveRequest(columns[0].cards[0], columns[0], 2)).toEqual({ id: 1, to_status: 'pending', version: 10, before_id: null });
    expect(moveRequest(columns[0].cards[0], columns[1], 1, { reason: 'x' })).toEqual({
      id: 1,
      to_status: 'assigned',
      version: 10,
      before_id: null,
      reason: 'x',
    });
  });

  it('shows the move at once, and a column change clears the blocked flag as the API does', () => {
    const moved = moveCard(columns, 4, 'in_progress', 0);
    expect(moved[1].cards).toEqual([]);
    expect(moved[2].cards.map((entry) => [entry.id, entry.status, entry.blocked])).toEqual([[4, 'in_progress', false]]);
    const reordered = moveCard(columns, 3, 'pending', 0);
    expect(reordered[0].cards.map((entry) => entry.id)).toEqual([3, 1, 2]);
  });

  it('turns the filters into the query', () => {
    expect(boardQuery(NO_FILTERS)).toEqual({});
    expect(boardQuery({ type: 'preventive', machineId: 3, assigneeId: 7, mine: true })).toEqual({
      type: 'preventive',
      machine_id: 3,
      assignee_id: 7,
      mine: 'true',
    });
  });
});
