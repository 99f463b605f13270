import * as vscode from 'vscode';
import type { DatabaseUserRecord } from '../../core/api/originalTypes';
import type { ResourceTarget } from '../base/resourceTarget';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import { childId } from '../kit/tree/explorerNode';
import { ListNode } from '../kit/tree/listNode';
import { jsonTooltip } from '../kit/display/recordText';
import { ContextValue } from '../kit/feature/contextValues';
import { formatCount } from '../../core/text/formatCount';
import type { TargetNode } from '../kit/tree/treeContributions';

type DatabaseTarget = ResourceTarget & { db: string };

/** The users of a database (an endpoint of the original service; shown only where the service offers it). */
export class UsersNode extends ListNode {
  declare readonly target: DatabaseTarget;
  private drawnCount: number | undefined;

  constructor(parent: TargetNode<DatabaseTarget>, context: ExplorerContext) {
    const { accountId, db } = parent.target;
    super(childId(parent, 'users'), parent, { accountId, db }, context);
  }

  protected get what(): string {
    return vscode.l10n.t('the users of {0}', this.target.db);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Users'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = ContextValue.users;
    item.iconPath = new vscode.ThemeIcon('organization');
    const count = this.userCount();
    if (count !== undefined) item.description = formatCount(count);
    this.drawnCount = count;
    return item;
  }

  /** Like Documents, the node shows how many users it holds once they are loaded: redrawn when that number is new. */
  override async children(): Promise<ExplorerNode[]> {
    const children = await super.children();
    if (this.userCount() !== this.drawnCount) this.context.redraw(this);
    return children;
  }

  private userCount(): number | undefined {
    return this.loadedChildren()?.filter((node) => node instanceof UserNode).length;
  }

  protected override emptyMessage(): string {
    return vscode.l10n.t('No users');
  }

  protected async load(): Promise<ExplorerNode[]> {
    const client = await this.context.client(this.target.accountId);
    const users = await client.listUsers(this.target.db);
    return users.map((record) => new UserNode(this, record));
  }
}

/** One database user; the service never sends its password. */
export class UserNode implements ExplorerNode {
  readonly id: string;
  readonly user: string;
  readonly target: DatabaseTarget;

  constructor(
    readonly parent: UsersNode,
    readonly record: DatabaseUserRecord,
  ) {
    this.user = record.user;
    this.id = childId(parent, 'user', this.user);
    this.target = { accountId: parent.target.accountId, db: parent.target.db };
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.user, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.user;
    item.description = this.record.readOnly === true ? vscode.l10n.t('read-only') : vscode.l10n.t('read and write');
    item.iconPath = new vscode.ThemeIcon('person');
    item.tooltip = jsonTooltip(this.record);
    return item;
  }
}
