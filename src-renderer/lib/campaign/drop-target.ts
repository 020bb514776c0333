import type { Attachment } from 'svelte/attachments'

/**
 * Makes an element accept a dropped file. Listeners are added directly (not as template
 * handlers) because the drop zone is a whole screen, not a control a keyboard user focuses;
 * the same import is offered by a file input for them.
 */
export function dropTarget(onfile: (file: File) => void, onhover: (hovering: boolean) => void): Attachment<HTMLElement> {
  return (element) => {
    // dragenter/dragleave fire for every child crossed; a counter tells when the pointer really left.
    let depth = 0
    const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      depth++
      onhover(true)
    }
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      // Without this the browser opens the file itself instead of dropping it here.
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
    }
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) onhover(false)
    }
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return
      e.preventDefault()
      depth = 0
      onhover(false)
      const file = e.dataTransfer?.files[0]
      if (file) onfile(file)
    }
    element.addEventListener('dragenter', enter)
    element.addEventListener('dragover', over)
    element.addEventListener('dragleave', leave)
    element.addEventListener('drop', drop)
    return () => {
      element.removeEventListener('dragenter', enter)
      element.removeEventListener('dragover', over)
      element.removeEventListener('dragleave', leave)
      element.removeEventListener('drop', drop)
    }
  }
}
