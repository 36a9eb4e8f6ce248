import { describe, expect, it } from "vitest";
import { getPrivacySettingsState, installPrivacySettingsHandle } from "./privacy-settings";

describe("window.privacySettings (spec §2.4)", () => {
  it("shows and hides the privacy dialog, on a chosen tab", () => {
    const fakeWindow = {} as Window;
    installPrivacySettingsHandle(fakeWindow);
    fakeWindow.privacySettings!.show();
    expect(getPrivacySettingsState()).toEqual({ isOpen: true, tab: "preferences" });
    fakeWindow.privacySettings!.hide();
    expect(getPrivacySettingsState().isOpen).toBe(false);
    fakeWindow.privacySettings!.show("history");
    expect(getPrivacySettingsState()).toEqual({ isOpen: true, tab: "history" });
  });
});
