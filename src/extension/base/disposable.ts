import type * as vscode from 'vscode';

/** Owns disposables and releases them, last registered first, when it is disposed. */
export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  protected register<T extends vscode.Disposable>(disposable: T): T {
    if (this.disposed) disposable.dispose();
    else this.owned.push(disposable);
    return disposable;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    while (this.owned.length > 0) this.owned.pop()?.dispose();
  }
}
