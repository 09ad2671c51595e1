import { NearPlaceForm } from './near-place-form.tsx';

export interface NearPanelProps {
  near?: string;
  radius?: string;
  onApply(near: string, radius: string): void;
  onRemove?: () => void;
}

/** The Near me panel of the /events filter bar: a chunk of its own, loaded when the panel first opens. */
export default function NearPanel({ near, radius, onApply, onRemove }: NearPanelProps) {
  return <NearPlaceForm near={near} radius={radius} submitLabel="Show races near here" onSubmit={onApply} onRemove={onRemove} autoFocus />;
}
