/**
 * Whether the privacy dialog is open, and the global handle of spec §2.4: `window.privacySettings.show()` and
 * `.hide()` open and close it from anywhere (the footer, the user menu, a link in a page, a support agent's
 * instructions in the browser console).
 */
import { useSyncExternalStore } from "react";

export type PrivacySettingsTab = "preferences" | "cookies" | "history" | "data";

type DialogState = { isOpen: boolean; tab: PrivacySettingsTab };

let state: DialogState = { isOpen: false, tab: "preferences" };
const listeners = new Set<() => void>();

function setState(next: DialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function showPrivacySettings(tab: PrivacySettingsTab = "preferences"): void {
  setState({ isOpen: true, tab });
}

export function hidePrivacySettings(): void {
  setState({ ...state, isOpen: false });
}

export function setPrivacySettingsTab(tab: PrivacySettingsTab): void {
  setState({ ...state, tab });
}

export function getPrivacySettingsState(): DialogState {
  return state;
}

export function usePrivacySettings(): DialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

export type PrivacySettingsHandle = { show(tab?: PrivacySettingsTab): void; hide(): void };

declare global {
  interface Window {
    privacySettings?: PrivacySettingsHandle;
  }
}

export function installPrivacySettingsHandle(target: Window): void {
  target.privacySettings = { show: showPrivacySettings, hide: hidePrivacySettings };
}
