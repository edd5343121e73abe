#![no_main]
// See mahjong_fuzz::log.
use mahjong_core::logs::Format;
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::log(data, Format::Mjai));
