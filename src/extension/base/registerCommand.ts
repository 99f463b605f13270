import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { Services } from '../services';
import type { CommandId } from '../kit/feature/commandIds';

/** Thrown when the user dismissed a prompt: the command ends without a message. */
export class UserCancelledError extends Error {
  constructor() {
    super('Cancelled by the user.');
    this.name = 'UserCancelledError';
  }
}

/** Ends the command quietly when a prompt was dismissed. */
export function required<T>(answer: T | undefined): T {
  if (answer === undefined) throw new UserCancelledError();
  return answer;
}

export function isCancellation(error: unknown): boolean {
  return (
    error instanceof UserCancelledError ||
    error instanceof vscode.CancellationError ||
    (isServiceError(error) && error.kind === 'cancelled')
  );
}

/** The action on every failure message: the log holds the detail the message leaves out. */
export const SHOW_LOG = 'Show Log';

/**
 * Registers a command through the one wrapper every command uses: a failure is logged with its detail
 * and shown once, and a cancellation ends silently. A command answers nothing: what it did is what the
 * person sees; its promise settles when it has finished.
 */
export function registerCommand(services: Services, id: CommandId, handler: (...args: never[]) => void | Promise<void>): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]): Promise<void> => {
    try {
      await (handler as (...a: unknown[]) => void | Promise<void>)(...args);
    } catch (error) {
      if (isCancellation(error)) return;
      services.logger.scoped('commands').error(`Command ${id} failed`, error);
      void services.prompts.error(services.logger.describe(error), SHOW_LOG).then((action) => {
        if (action === SHOW_LOG) services.logger.show();
      });
    }
  });
}
