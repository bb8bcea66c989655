package reading

import (
	"regexp"
	"strconv"
	"strings"
)

// An NSError printed by a running app names its domain and a number
// ("The operation couldn’t be completed. (NSURLErrorDomain error -1009.)",
// "Error Domain=NSCocoaErrorDomain Code=260 …"). Apple's pages document each
// code under its constant's name and none of them states the number, so the
// numbers of the codes apps meet most come from Foundation's and Core Data's
// headers: the constant's page is the answer to the message.

// errorCodeRE finds a domain and its code in a printed error.
var errorCodeRE = regexp.MustCompile(`\b([A-Z]{2}[A-Za-z]*ErrorDomain)(?:\s+error\s+|\s+Code\s*=\s*)(-?\d+)`)

// errorCodes maps a domain and a code to the constant naming it.
var errorCodes = map[string]map[int]string{
	"NSURLErrorDomain": {
		-1:    "NSURLErrorUnknown",
		-995:  "NSURLErrorBackgroundSessionRequiresSharedContainer",
		-996:  "NSURLErrorBackgroundSessionInUseByAnotherProcess",
		-997:  "NSURLErrorBackgroundSessionWasDisconnected",
		-999:  "NSURLErrorCancelled",
		-1000: "NSURLErrorBadURL",
		-1001: "NSURLErrorTimedOut",
		-1002: "NSURLErrorUnsupportedURL",
		-1003: "NSURLErrorCannotFindHost",
		-1004: "NSURLErrorCannotConnectToHost",
		-1005: "NSURLErrorNetworkConnectionLost",
		-1006: "NSURLErrorDNSLookupFailed",
		-1007: "NSURLErrorHTTPTooManyRedirects",
		-1008: "NSURLErrorResourceUnavailable",
		-1009: "NSURLErrorNotConnectedToInternet",
		-1010: "NSURLErrorRedirectToNonExistentLocation",
		-1011: "NSURLErrorBadServerResponse",
		-1012: "NSURLErrorUserCancelledAuthentication",
		-1013: "NSURLErrorUserAuthenticationRequired",
		-1014: "NSURLErrorZeroByteResource",
		-1015: "NSURLErrorCannotDecodeRawData",
		-1016: "NSURLErrorCannotDecodeContentData",
		-1017: "NSURLErrorCannotParseResponse",
		-1018: "NSURLErrorInternationalRoamingOff",
		-1019: "NSURLErrorCallIsActive",
		-1020: "NSURLErrorDataNotAllowed",
		-1021: "NSURLErrorRequestBodyStreamExhausted",
		-1022: "NSURLErrorAppTransportSecurityRequiresSecureConnection",
		-1100: "NSURLErrorFileDoesNotExist",
		-1101: "NSURLErrorFileIsDirectory",
		-1102: "NSURLErrorNoPermissionsToReadFile",
		-1103: "NSURLErrorDataLengthExceedsMaximum",
		-1200: "NSURLErrorSecureConnectionFailed",
		-1201: "NSURLErrorServerCertificateHasBadDate",
		-1202: "NSURLErrorServerCertificateUntrusted",
		-1203: "NSURLErrorServerCertificateHasUnknownRoot",
		-1204: "NSURLErrorServerCertificateNotYetValid",
		-1205: "NSURLErrorClientCertificateRejected",
		-1206: "NSURLErrorClientCertificateRequired",
		-2000: "NSURLErrorCannotLoadFromNetwork",
	},
	"NSCocoaErrorDomain": {
		4:      "NSFileNoSuchFileError",
		255:    "NSFileLockingError",
		256:    "NSFileReadUnknownError",
		257:    "NSFileReadNoPermissionError",
		258:    "NSFileReadInvalidFileNameError",
		259:    "NSFileReadCorruptFileError",
		260:    "NSFileReadNoSuchFileError",
		261:    "NSFileReadInapplicableStringEncodingError",
		262:    "NSFileReadUnsupportedSchemeError",
		263:    "NSFileReadTooLargeError",
		264:    "NSFileReadUnknownStringEncodingError",
		512:    "NSFileWriteUnknownError",
		513:    "NSFileWriteNoPermissionError",
		514:    "NSFileWriteInvalidFileNameError",
		516:    "NSFileWriteFileExistsError",
		517:    "NSFileWriteInapplicableStringEncodingError",
		518:    "NSFileWriteUnsupportedSchemeError",
		640:    "NSFileWriteOutOfSpaceError",
		642:    "NSFileWriteVolumeReadOnlyError",
		1550:   "NSManagedObjectValidationError",
		1560:   "NSValidationMultipleErrorsError",
		1570:   "NSValidationMissingMandatoryPropertyError",
		3072:   "NSUserCancelledError",
		3840:   "NSPropertyListReadCorruptError",
		4864:   "NSCoderReadCorruptError",
		4865:   "NSCoderValueNotFoundError",
		133021: "NSManagedObjectConstraintMergeError",
		134100: "NSPersistentStoreIncompatibleVersionHashError",
		134140: "NSMigrationMissingSourceModelError",
	},
}

// errorCodeNames returns the constants of the domain codes a message
// prints, in order.
func errorCodeNames(text string) []string {
	var out []string
	for _, m := range errorCodeRE.FindAllStringSubmatch(text, -1) {
		code, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		if name, ok := errorCodes[m[1]][code]; ok {
			out = AppendUnique(out, name)
		} else if domain := m[1]; !strings.HasPrefix(domain, "NS") {
			// A framework's own domain (SKErrorDomain, CKErrorDomain) is
			// its error type's, whose Code lists the codes by name.
			out = AppendUnique(out, strings.TrimSuffix(domain, "Domain")+".Code")
		}
	}
	return out
}
