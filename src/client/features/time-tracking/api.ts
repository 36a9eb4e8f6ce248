/**
 * Data of the Uren screen (spec §7 and issue 5): query keys, queries and mutations in one place.
 * Every entry key starts with "/api/time-entries", so one invalidation refreshes the table and the urencriterium.
 * The timer lives on the server; other tabs of this browser hear about every change at once (BroadcastChannel),
 * other devices when their window gets focus again.
 */
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Project, ProjectFormInput } from "@shared/schemas/projects";
import type {
  HoursCriterion,
  TimeEntry,
  TimeEntryApiInput,
  Timer,
  TimerStartInput,
} from "@shared/schemas/time-tracking";
import { apiRequest, queryKeyToUrl } from "@client/lib/api";

export interface EntryFilter {
  from?: string | undefined;
  to?: string | undefined;
  projectId?: string | undefined;
}

export const timeQueryKeys = {
  projects: ["/api/projects"] as const,
  timer: ["/api/timer"] as const,
  entries: ["/api/time-entries"] as const,
  entryList: (filter: EntryFilter) => ["/api/time-entries", { ...filter }] as const,
  hoursCriterion: ["/api/time-entries", "hours-criterion"] as const,
};

export function useProjects() {
  return useQuery<Project[]>({ queryKey: timeQueryKeys.projects });
}

export function useTimeEntries(filter: EntryFilter) {
  return useQuery<TimeEntry[]>({ queryKey: timeQueryKeys.entryList(filter) });
}

export function useHoursCriterion() {
  return useQuery<HoursCriterion>({ queryKey: timeQueryKeys.hoursCriterion });
}

/** The CSV download of what the table shows; a plain link, so the browser saves the file. */
export function timeEntriesExportUrl(filter: EntryFilter): string {
  return queryKeyToUrl(["/api/time-entries/export", { ...filter }]);
}

const TIMER_CHANNEL = "balans-timer";

function refreshAfterTimerChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: timeQueryKeys.timer });
  void queryClient.invalidateQueries({ queryKey: timeQueryKeys.entries });
}

function tellOtherTabs() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(TIMER_CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/** The running timer; refetched when the window gets focus and when another tab changes it. */
export function useTimer() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(TIMER_CHANNEL);
    channel.onmessage = () => refreshAfterTimerChange(queryClient);
    return () => channel.close();
  }, [queryClient]);
  return useQuery<Timer>({ queryKey: timeQueryKeys.timer, refetchOnWindowFocus: true });
}

function useTimerAction<TInput>(request: (input: TInput) => Promise<Timer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (timer) => {
      queryClient.setQueryData(timeQueryKeys.timer, timer);
      tellOtherTabs();
    },
    // A conflict means another tab or device changed the timer: show what the server has.
    onError: () => void queryClient.invalidateQueries({ queryKey: timeQueryKeys.timer }),
  });
}

export function useStartTimer() {
  return useTimerAction((input: TimerStartInput) => apiRequest<Timer>("POST", "/api/timer/start", input));
}

export function usePauseTimer() {
  return useTimerAction(() => apiRequest<Timer>("POST", "/api/timer/pause"));
}

export function useResumeTimer() {
  return useTimerAction(() => apiRequest<Timer>("POST", "/api/timer/resume"));
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { confirm: boolean }) =>
      apiRequest<{ timer: Timer; entry: TimeEntry | null }>("POST", "/api/timer/stop", input),
    onSuccess: ({ timer }) => {
      queryClient.setQueryData(timeQueryKeys.timer, timer);
      void queryClient.invalidateQueries({ queryKey: timeQueryKeys.entries });
      tellOtherTabs();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: timeQueryKeys.timer }),
  });
}

function useInvalidate(...keys: ReadonlyArray<readonly string[]>) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveTimeEntry() {
  const invalidate = useInvalidate(timeQueryKeys.entries);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: TimeEntryApiInput }) =>
      id
        ? apiRequest<TimeEntry>("PUT", `/api/time-entries/${encodeURIComponent(id)}`, input)
        : apiRequest<TimeEntry>("POST", "/api/time-entries", input),
    onSuccess: invalidate,
  });
}

export function useDeleteTimeEntry() {
  const invalidate = useInvalidate(timeQueryKeys.entries);
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/time-entries/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** Projects feed the timer, the filters and the table's project names. */
export function useSaveProject() {
  const invalidate = useInvalidate(timeQueryKeys.projects);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: ProjectFormInput }) =>
      id
        ? apiRequest<Project>("PUT", `/api/projects/${encodeURIComponent(id)}`, input)
        : apiRequest<Project>("POST", "/api/projects", input),
    onSuccess: invalidate,
  });
}

/** Its hours stay, without a project: the entries and the timer are refreshed too. */
export function useDeleteProject() {
  const invalidate = useInvalidate(timeQueryKeys.projects, timeQueryKeys.entries, timeQueryKeys.timer);
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/projects/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
