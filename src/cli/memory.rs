//! The program's allocator: the system's, with every allocation counted
//! against the render running on its thread (`render::sandbox`), so that a
//! template whose value doubles in a loop stops the program with a message
//! naming it, instead of asking for gigabytes and being aborted. Outside a
//! render the count is one thread-local flag read per allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;

use crate::render::sandbox;

struct Counted;

#[global_allocator]
static ALLOCATOR: Counted = Counted;

/// Ends the program: a render took more memory than any handout needs.
/// No output is left half-written: a render works in memory, and a
/// lesson's files are written to a staging folder that is swapped in whole
/// (`publish`). In a folder build the other lessons still build
/// (`isolate`).
fn stop() -> ! {
    let _ = writeln!(std::io::stderr(), "error: {}", sandbox::over_budget());
    // Under a folder build's supervisor, the code that says "this lesson
    // ended the process": the other lessons are then built without it.
    let code = if super::isolate::is_child() {
        super::isolate::STOPPED
    } else {
        2
    };
    std::process::exit(code)
}

unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if sandbox::allocated(layout.size() as isize) {
            stop();
        }
        // SAFETY: the caller's layout passes through unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if sandbox::allocated(layout.size() as isize) {
            stop();
        }
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        sandbox::allocated(-(layout.size() as isize));
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if sandbox::allocated(new_size as isize - layout.size() as isize) {
            stop();
        }
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
