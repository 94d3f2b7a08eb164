// libqrencode, loaded on first use: the types and constants of Debian's <qrencode.h>
// (libqrencode-dev), and the two functions the picker calls, reached through dlopen so that a
// picker that draws no QR code loads no QR library, and one without libqrencode still runs.
#ifndef PICKER_CQRENCODE_H
#define PICKER_CQRENCODE_H

#include <qrencode.h>

/// Loads libqrencode.so.4, once; later calls return at once. Returns NULL when it is ready,
/// else why it cannot be used (dlopen's or dlsym's message).
const char *picker_qrencode_load(void);

// Each of these calls the libqrencode function of the same name; picker_qrencode_load must
// have returned NULL first.
QRcode *picker_qrcode_encode_string(const char *text, int version, QRecLevel level, QRencodeMode hint,
                                    int casesensitive);
void picker_qrcode_free(QRcode *code);

#endif
