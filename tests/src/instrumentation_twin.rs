//! The C++ twin of a recording instrumentation (`cpp/instrumentation_twin.cpp`):
//! one line per hook, so that a Rust instrumentation writing the same lines
//! can be compared with what C++'s `PassInstrumentation` sees.

use std::{
    ffi::c_void,
    sync::{Arc, Mutex},
};

use mlir_pass::{sys, PassManager};

unsafe extern "C" {
    fn mlirPassTestsAddCppRecorder(
        pass_manager: sys::MlirPassManager,
        append: sys::MlirStringCallback,
        user_data: *mut c_void,
        destroy: unsafe extern "C" fn(*mut c_void),
    );
}

/// Where the C++ recorder writes.
pub type Record = Arc<Mutex<String>>;

/// Attaches the C++ recorder to `pm`; its lines accumulate in the result.
pub fn attach_cpp_recorder(pm: &mut PassManager<'_>) -> Record {
    unsafe extern "C" fn append(text: sys::MlirStringRef, user_data: *mut c_void) {
        // SAFETY: `user_data` is the record below (alive until `destroy`);
        // `text` is valid for the call.
        unsafe {
            let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
            let record = &*user_data.cast::<Mutex<String>>();
            record
                .lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(bytes));
        }
    }
    unsafe extern "C" fn destroy(user_data: *mut c_void) {
        // SAFETY: the `Arc::into_raw` below, released once by the recorder.
        drop(unsafe { Arc::from_raw(user_data.cast::<Mutex<String>>()) });
    }
    let record = Record::default();
    let user_data = Arc::into_raw(record.clone()) as *mut c_void;
    // SAFETY: a valid pass manager; the callbacks match the contract above.
    unsafe { mlirPassTestsAddCppRecorder(pm.raw(), Some(append), user_data, destroy) };
    record
}
