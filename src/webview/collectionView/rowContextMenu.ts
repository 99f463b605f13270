// The context menu of the grid's rows: VS Code's own menu for the webview (package.json `webview/context`,
// webviewSection "row"), which shows Export Selected…. A right-click on a row that is not selected selects it
// alone first, as lists do; the menu's context carries the selected rows' keys to the command.
import type { SelectionControls } from './selectionControls';
import type { PageModel } from './state';

export function installRowContextMenu(grid: HTMLElement, selection: SelectionControls, model: PageModel, activeRow: () => number): void {
  // Before VS Code reads the menu's context: a right button's press comes before its contextmenu event, and
  // Shift+F10 or the menu key (whose event comes from the grid itself) means the active cell's row.
  const prepare = (target: EventTarget | null) => {
    const row = (target as HTMLElement | null)?.closest<HTMLElement>('[data-row-index]');
    const index = row ? Number(row.dataset.rowIndex) : activeRow();
    if (model.rows[index] && !selection.isSelected(index)) selection.selectRow(index, 'only');
    grid.dataset.vscodeContext = JSON.stringify({
      webviewSection: 'row',
      preventDefaultContextMenuItems: true,
      selectedKeys: model.selection.keys(),
    });
  };
  grid.addEventListener('pointerdown', (event) => {
    if (event.button === 2) prepare(event.target);
  });
  grid.addEventListener('keydown', (event) => {
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) prepare(null);
  });
  grid.addEventListener('contextmenu', (event) => prepare(event.target));
}
