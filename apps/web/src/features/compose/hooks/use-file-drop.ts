import { type DragEvent, useRef, useState } from 'react';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Files dragged onto the compose area become attachments. Capture-phase handlers keep the
 * editor from treating a dropped file as content.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean) {
  const [active, setActive] = useState(false);
  // dragenter/dragleave fire for every child crossed; a counter tells when the area is left.
  const depth = useRef(0);
  const handlers = {
    onDragEnterCapture: (event: DragEvent) => {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
    },
    onDragOverCapture: (event: DragEvent) => {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeaveCapture: (event: DragEvent) => {
      if (!enabled || !hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    },
    onDropCapture: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      depth.current = 0;
      setActive(false);
      if (enabled) onFiles([...event.dataTransfer.files]);
    },
  };
  return { active, handlers };
}
